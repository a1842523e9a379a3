import type { JsonSchema, OpenApiDocument } from './openapi-types.ts';

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;
const MAX_DEPTH = 8;

/** A schema ready to show: its type in words, its limits, and its properties or items as children. */
export type SchemaNode = {
  name?: string;
  isRequired: boolean;
  type: string;
  /** The component it came from (`$ref`), when it has a name. */
  refName?: string;
  description?: string;
  enumValues?: string[];
  constraints: Constraint[];
  children: SchemaNode[];
  /** The schema refers back to one of its ancestors: shown by name, not expanded again. */
  isCycle: boolean;
};

export type Constraint = {
  kind:
    | 'pattern'
    | 'format'
    | 'min'
    | 'max'
    | 'minLength'
    | 'maxLength'
    | 'minItems'
    | 'maxItems'
    | 'default';
  value: string;
};

/** `$ref` into `components.schemas` followed once; an unknown reference resolves to an empty schema. */
export function resolveRef(
  document: OpenApiDocument,
  schema: JsonSchema,
): { schema: JsonSchema; refName?: string } {
  const refName = schema.$ref ? SCHEMA_REF.exec(schema.$ref)?.[1] : undefined;
  if (refName === undefined) return { schema };
  return { schema: document.components?.schemas?.[refName] ?? {}, refName };
}

const isNull = (schema: JsonSchema) => schema.type === 'null';
// Zod writes JavaScript's safe-integer range on every integer: not a limit worth showing.
const isMeaningful = (value: number | undefined): value is number =>
  value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER;
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The type in words: `string`, `integer`, `array<string>`, `string | null`, `CepAddress`. */
export function describeType(document: OpenApiDocument, schema: JsonSchema, seen: string[] = []): string {
  const { schema: resolved, refName } = resolveRef(document, schema);
  if (refName && (seen.includes(refName) || resolved.type === 'object')) return refName;
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) {
    const next = refName ? [...seen, refName] : seen;
    return variants.map((variant) => describeType(document, variant, next)).join(' | ');
  }
  if (resolved.allOf) return resolved.allOf.map((part) => describeType(document, part, seen)).join(' & ');
  if (Array.isArray(resolved.type)) return resolved.type.join(' | ');
  if (resolved.type === 'array') {
    return `array<${resolved.items ? describeType(document, resolved.items, seen) : 'any'}>`;
  }
  if (resolved.const !== undefined) return show(resolved.const);
  return resolved.type ?? (resolved.properties ? 'object' : 'any');
}

/** Pattern, format, bounds and default of one schema, in the order a reader checks them. */
export function describeConstraints(schema: JsonSchema): Constraint[] {
  const constraints: Constraint[] = [];
  const add = (kind: Constraint['kind'], value: unknown) => {
    if (value !== undefined) constraints.push({ kind, value: show(value) });
  };
  add('pattern', schema.pattern);
  add('format', schema.format);
  if (isMeaningful(schema.minimum)) add('min', schema.minimum);
  if (isMeaningful(schema.exclusiveMinimum)) add('min', `> ${schema.exclusiveMinimum}`);
  if (isMeaningful(schema.maximum)) add('max', schema.maximum);
  if (isMeaningful(schema.exclusiveMaximum)) add('max', `< ${schema.exclusiveMaximum}`);
  add('minLength', schema.minLength);
  add('maxLength', schema.maxLength);
  add('minItems', schema.minItems);
  add('maxItems', schema.maxItems);
  add('default', schema.default);
  return constraints;
}

/** The one non-null branch of `anyOf: [X, null]`, the way Zod writes `.nullable()`. */
function withoutNull(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf ?? schema.oneOf;
  const kept = variants?.filter((variant) => !isNull(variant));
  if (variants && kept?.length === 1 && kept.length < variants.length) {
    return { ...(kept[0] as JsonSchema), description: schema.description ?? kept[0]?.description };
  }
  return schema;
}

type NodeOptions = { name?: string; isRequired?: boolean; ancestors?: string[] };

/** The tree of a schema: `$ref`s resolved, a reference back to an ancestor stopped (cycles), depth capped. */
export function toSchemaNode(
  document: OpenApiDocument,
  schema: JsonSchema,
  options: NodeOptions = {},
): SchemaNode {
  const ancestors = options.ancestors ?? [];
  const { schema: referred, refName } = resolveRef(document, schema);
  const resolved = withoutNull(referred);
  const isCycle = refName !== undefined && ancestors.includes(refName);
  const enumValues = resolved.enum?.map(show);
  const node: SchemaNode = {
    name: options.name,
    isRequired: options.isRequired ?? false,
    type: describeType(document, schema, ancestors),
    refName,
    description: schema.description ?? resolved.description,
    enumValues,
    constraints: describeConstraints(resolved),
    children: [],
    isCycle,
  };
  if (isCycle || ancestors.length >= MAX_DEPTH) return node;
  const next = refName ? [...ancestors, refName] : [...ancestors, `#${ancestors.length}`];
  const { schema: items } = resolved.items ? resolveRef(document, resolved.items) : { schema: undefined };
  const holder = resolved.type === 'array' && items ? withoutNull(items) : resolved;
  if (holder !== resolved && resolved.items?.$ref) {
    // An array of a named schema: its items' properties, but the name guards the cycle.
    const itemRef = resolveRef(document, resolved.items).refName;
    if (itemRef && ancestors.includes(itemRef)) return { ...node, isCycle: true };
    if (itemRef) next.push(itemRef);
  }
  const required = new Set(holder.required ?? []);
  node.children = Object.entries(holder.properties ?? {}).map(([name, child]) =>
    toSchemaNode(document, child, { name, isRequired: required.has(name), ancestors: next }),
  );
  return node;
}
