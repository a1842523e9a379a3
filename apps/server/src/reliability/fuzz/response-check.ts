import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, Operation } from './openapi-document.ts';
import { resolveSchema } from './openapi-document.ts';

export type FuzzAnswer = { statusCode: number; headers: Record<string, unknown>; body: string };

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

function documentedResponse(operation: Operation, status: number) {
  const { responses } = operation;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** Why an answer breaks the operation's contract, or undefined when it keeps it. */
export function contractBreach(
  answer: FuzzAnswer,
  operation: Operation,
  document: OpenApiDocument,
): string | undefined {
  if (answer.statusCode >= 500) return `server error ${answer.statusCode}: ${answer.body.slice(0, 300)}`;
  if (/FST_[A-Z_]+/.test(answer.body))
    return `framework error code in the body: ${answer.body.slice(0, 300)}`;
  const response = documentedResponse(operation, answer.statusCode);
  if (!response) return `status ${answer.statusCode} is not documented: ${answer.body.slice(0, 300)}`;
  if (!response.content || answer.body === '') return undefined;
  const contentType =
    String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  const media = response.content[contentType];
  if (!media) {
    return `content type ${contentType} is not documented for ${answer.statusCode} (documented: ${Object.keys(response.content).join(', ')})`;
  }
  if (!media.schema || !contentType.endsWith('json')) return undefined;
  let validate = compiled.get(media.schema);
  if (!validate) {
    validate = ajv.compile(resolveSchema(media.schema, document));
    compiled.set(media.schema, validate);
  }
  if (validate(JSON.parse(answer.body))) return undefined;
  return `body does not match the documented schema for ${answer.statusCode}: ${ajv.errorsText(validate.errors)} in ${answer.body.slice(0, 300)}`;
}
