import fc from 'fast-check';
import type { JsonSchema } from './openapi-document.ts';

/** What an attacker types into any field: NUL and control characters, traversal, injections, huge input. */
export const hostileString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '$' + '{jndi:ldap://x}',
  '{{7*7}}',
  '😀'.repeat(40),
  'x'.repeat(5_000),
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '\uFFFF',
  '\uD800',
);

const anyString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 2 },
  { arbitrary: hostileString, weight: 2 },
);

const MAX_DEPTH = 4;

/**
 * Values for a JSON Schema, most of them plausible (so that the request gets past the first check and
 * reaches deeper code) and the rest hostile: wrong types, out of range, missing fields, NUL bytes.
 */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: plausibleValueFor(schema, depth), weight: 4 },
    { arbitrary: hostileValue(depth), weight: 1 },
  );
}

function hostileValue(depth: number): fc.Arbitrary<unknown> {
  if (depth >= MAX_DEPTH) return anyString;
  return fc.oneof(
    anyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

function plausibleValueFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueFor(choice, depth + 1)));
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return integerFor(schema);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth >= MAX_DEPTH
        ? fc.constant([])
        : fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object':
      return objectFor(schema, depth);
    default:
      return depth >= MAX_DEPTH ? anyString : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), anyString);
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) return fc.oneof(matching(schema.pattern), anyString);
  const maxLength = schema.maxLength ?? 64;
  return fc.oneof(
    fc.string({ minLength: schema.minLength ?? 0, maxLength }),
    fc.string({ minLength: maxLength + 1, maxLength: maxLength + 3 }),
    anyString,
  );
}

/** Strings a pattern accepts; fast-check cannot build them for some patterns (lookarounds), then any string. */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return anyString;
  }
}

function integerFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1, 0, -1));
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth >= MAX_DEPTH) return fc.constant({});
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, child]) => [key, valueFor(child, depth + 1)]),
  );
  const required = (schema.required ?? []).filter((key) => key in properties);
  return fc.oneof(
    { arbitrary: fc.record(properties, { requiredKeys: required }), weight: 4 },
    { arbitrary: fc.record(properties, { requiredKeys: [] }), weight: 1 },
  );
}
