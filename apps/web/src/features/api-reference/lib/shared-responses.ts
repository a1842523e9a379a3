import { HTTP_METHODS, type OpenApiDocument, type ResponseObject } from './openapi-types.ts';

type Header = NonNullable<ResponseObject['headers']>[string];

/**
 * An error answer several operations give (same status, description and headers), shown once in the page's
 * common section with every content type they give it in (the key gateway's 401 in JSON and in XML).
 */
export type SharedResponse = { status: string; anchor: string; response: ResponseObject };
/** A response header several operations' own answers carry word for word. */
export type SharedHeader = { name: string; header: Header };

export type SharedParts = {
  responses: SharedResponse[];
  headers: SharedHeader[];
  /** The common entry an operation's answer is, if it is one. */
  sharedResponseOf(status: string, response: ResponseObject): SharedResponse | undefined;
  isSharedHeader(name: string, header: Header): boolean;
};

export const COMMON_RESPONSES_ANCHOR = 'common-responses';
export const COMMON_HEADERS_ANCHOR = 'common-headers';

const isError = (status: string) => /^[45]/.test(status);
const responseKey = (status: string, response: ResponseObject) =>
  `${status} ${response.description ?? ''} ${JSON.stringify(response.headers ?? {})}`;
const headerKey = (name: string, header: Header) => `${name} ${JSON.stringify(header)}`;

function countInto(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * What the operations of a document repeat: the same error answers (the key gateway's 401, 403, 429 and
 * 503, the API's own 400 and 404, the portal's error envelope) and the same headers on their own answers
 * (the quota headers). The page describes each once and links to it from every operation (issue 23).
 */
export function findSharedParts(document: OpenApiDocument): SharedParts {
  const responseCounts = new Map<string, number>();
  const headerCounts = new Map<string, number>();
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
      .map(([, operation]) => operation),
  );
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (isError(status)) countInto(responseCounts, responseKey(status, response));
      else
        for (const [name, header] of Object.entries(response.headers ?? {})) {
          countInto(headerCounts, headerKey(name, header));
        }
    }
  }
  const shared = new Map<string, SharedResponse>();
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const key = responseKey(status, response);
      if (!isError(status) || (responseCounts.get(key) ?? 0) < 2) continue;
      const known = shared.get(key);
      if (known) {
        known.response = { ...known.response, content: { ...response.content, ...known.response.content } };
        continue;
      }
      const variant = [...shared.values()].filter((entry) => entry.status === status).length;
      const anchor = `common-${status.toLowerCase()}${variant ? `-${variant + 1}` : ''}`;
      shared.set(key, { status, anchor, response });
    }
  }
  const headers = new Map<string, SharedHeader>();
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (isError(status)) continue;
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        const key = headerKey(name, header);
        if ((headerCounts.get(key) ?? 0) >= 2 && !headers.has(key)) headers.set(key, { name, header });
      }
    }
  }
  const responses = [...shared.values()].sort((a, b) => (a.status < b.status ? -1 : 1));
  return {
    responses,
    headers: [...headers.values()],
    sharedResponseOf: (status, response) => shared.get(responseKey(status, response)),
    isSharedHeader: (name, header) => headers.has(headerKey(name, header)),
  };
}
