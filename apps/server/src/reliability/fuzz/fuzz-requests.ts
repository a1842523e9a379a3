import fc from 'fast-check';
import type { OpenApiDocument, Operation, Parameter } from './openapi-document.ts';
import { resolveSchema } from './openapi-document.ts';
import { hostileString, valueFor } from './schema-arbitraries.ts';

export type FuzzRequest = {
  method: string;
  url: string;
  /** A JSON value, or a raw string sent as `application/json` (malformed on purpose), or nothing. */
  body?: { json: unknown } | { raw: string };
};

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** Lone surrogates replaced by U+FFFD, as `String.prototype.toWellFormed` (ES2024) does. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * A path segment that is never `.` or `..`: the URL parser would resolve it to another route, and it does so
 * for `%2E` and `%2E%2E` too (WHATWG URL counts them as dot segments), so those get a trailing space.
 */
const pathSegment = (value: unknown) => {
  const segment = encodeURIComponent(wellFormed(asText(value))).replaceAll('.', '%2E') || '%20';
  return /^(%2E){1,2}$/.test(segment) ? `${segment}%20` : segment;
};

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  'nul',
  '[1,2',
  '{"a":1}}',
  '\u0000',
  '"\\ud800"',
  '{"__proto__":{"x":1}}',
);

/**
 * Bodies whose shape alone cost the server its only thread (issue 22: 5,000 levels of `[` held it for
 * 300 ms, 6,000 overflowed the stack), all well under the 1 MB body limit: nested 10,000 deep, or
 * holding 100,000 values. Every route answers them with a 4xx at once.
 */
export const HOSTILE_JSON = {
  'nested arrays': `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  'nested objects': `${'{"a":'.repeat(10_000)}0${'}'.repeat(10_000)}`,
  'wide array': `[${Array(100_000).fill(0).join(',')}]`,
  'wide object': `{${Array.from({ length: 100_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`,
} as const;

const hostileJson = fc.constantFrom(...Object.values(HOSTILE_JSON)).map((raw) => ({ raw }));

/** Methods whose body the server reads; a GET's or HEAD's is never read. */
export const readsBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** A parameter's documented example now and then (it reaches the code behind validation), else its schema's values. */
function parameterValue(parameter: Parameter, document: OpenApiDocument): fc.Arbitrary<unknown> {
  const fromSchema = valueFor(resolveSchema(parameter.schema ?? {}, document));
  if (parameter.example === undefined) return fromSchema;
  return fc.oneof(
    { arbitrary: fc.constant(parameter.example), weight: 1 },
    { arbitrary: fromSchema, weight: 2 },
  );
}

/** Requests for one operation: its parameters and body from their schemas, some of them hostile. */
export function requestsFor(operation: Operation, document: OpenApiDocument): fc.Arbitrary<FuzzRequest> {
  const parameter = (location: string) => operation.parameters.filter((item) => item.in === location);
  const pathValues = fc.record(
    Object.fromEntries(parameter('path').map((item) => [item.name, parameterValue(item, document)])),
  );
  const queryValues = fc.record(
    Object.fromEntries(parameter('query').map((item) => [item.name, parameterValue(item, document)])),
    { requiredKeys: [] },
  );
  const unknownQuery = fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostileString), { nil: undefined });
  // A route without a body is sent one now and then too: it must refuse it, whatever its shape.
  const body = operation.body
    ? fc.oneof(
        { arbitrary: valueFor(resolveSchema(operation.body, document)).map((json) => ({ json })), weight: 6 },
        { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })), weight: 1 },
        { arbitrary: malformedJson.map((raw) => ({ raw })), weight: 1 },
        { arbitrary: hostileJson, weight: 1 },
      )
    : readsBody(operation.method)
      ? fc.option(
          fc.oneof(
            hostileJson,
            fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })),
          ),
          { nil: undefined, freq: 4 },
        )
      : fc.constant(undefined);

  return fc.record({ path: pathValues, query: queryValues, extra: unknownQuery, body }).map((parts) => {
    const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
      pathSegment(parts.path[name]),
    );
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(parts.query)) search.append(name, asText(value));
    if (parts.extra) search.append(...parts.extra);
    const query = search.toString();
    return {
      method: operation.method,
      url: query ? `${path}?${query}` : path,
      ...(parts.body ? { body: parts.body } : {}),
    };
  });
}
