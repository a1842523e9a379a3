import type { JsonSchema, OpenApiDocument } from './openapi-types.ts';
import { resolveRef } from './schema-view.ts';

const MAX_DEPTH = 6;

/** A value that fits the schema: its own example first, else one made from its type (cycles stop at null). */
export function getSampleValue(document: OpenApiDocument, schema: JsonSchema, seen: string[] = []): unknown {
  const { schema: resolved, refName } = resolveRef(document, schema);
  if (refName && seen.includes(refName)) return null;
  if (seen.length > MAX_DEPTH) return null;
  const next = refName ? [...seen, refName] : [...seen, '#'];
  if (resolved.examples?.length) return resolved.examples[0];
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  const variants = resolved.anyOf ?? resolved.oneOf;
  const first = variants?.find((variant) => variant.type !== 'null') ?? resolved.allOf?.[0];
  if (first) return getSampleValue(document, first, next);
  const type = Array.isArray(resolved.type) ? resolved.type.find((item) => item !== 'null') : resolved.type;
  if (type === 'array') return resolved.items ? [getSampleValue(document, resolved.items, next)] : [];
  if (type === 'object' || resolved.properties) {
    return Object.fromEntries(
      Object.entries(resolved.properties ?? {}).map(([name, child]) => [
        name,
        getSampleValue(document, child, next),
      ]),
    );
  }
  if (type === 'integer' || type === 'number') return resolved.minimum ?? 0;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (resolved.format === 'email') return 'ana@example.com';
  if (resolved.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (resolved.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  return 'string';
}
