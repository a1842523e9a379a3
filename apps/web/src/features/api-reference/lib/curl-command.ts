import type { HttpMethod, OpenApiDocument, Operation, Parameter } from './openapi-types.ts';
import { getSampleValue } from './sample-value.ts';

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

function parameterValue(document: OpenApiDocument, parameter: Parameter): string {
  const value =
    parameter.example ?? (parameter.schema ? getSampleValue(document, parameter.schema) : undefined);
  return value === undefined || value === null ? `{${parameter.name}}` : String(value);
}

/** Which credential an operation takes, from its `security`: none, an API key, or the bearer token. */
export function getOperationAuth(
  document: OpenApiDocument,
  operation: Operation,
): 'none' | 'apiKey' | 'bearer' {
  const schemes = document.components?.securitySchemes ?? {};
  const names = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (names.some((name) => schemes[name]?.type === 'http' && schemes[name]?.scheme === 'bearer'))
    return 'bearer';
  if (names.some((name) => schemes[name]?.type === 'apiKey')) return 'apiKey';
  return 'none';
}

/** A `curl` line for one operation on the document's first server: example values, credential, JSON body. */
export function getCurlCommand(
  document: OpenApiDocument,
  method: HttpMethod,
  path: string,
  operation: Operation,
  origin: string,
  /** Where the API token goes: the page language's one placeholder (`quickStart.keyPlaceholder`). */
  tokenPlaceholder = 'YOUR_TOKEN',
): string {
  const server = new URL(document.servers?.[0]?.url ?? origin, origin).href.replace(/\/+$/, '');
  const parameters = operation.parameters ?? [];
  const filledPath = path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const parameter = parameters.find((item) => item.in === 'path' && item.name === name);
    return parameter ? encodeURIComponent(parameterValue(document, parameter)).replace(/%2C/g, ',') : whole;
  });
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(parameterValue(document, parameter))}`);
  const url = `${server}${filledPath}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${quote(url)}`];
  const auth = getOperationAuth(document, operation);
  if (auth === 'apiKey') lines.push(`-H ${quote(`x-api-key: ${tokenPlaceholder}`)}`);
  if (auth === 'bearer') lines.push(`-H ${quote('Authorization: Bearer YOUR_ACCESS_TOKEN')}`);
  const json = operation.requestBody?.content?.['application/json'];
  if (json?.schema) {
    const body = json.example ?? getSampleValue(document, json.schema);
    lines.push(`-H ${quote('Content-Type: application/json')}`, `-d ${quote(JSON.stringify(body))}`);
  }
  return lines.join(' \\\n  ');
}
