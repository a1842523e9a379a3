/** The parts of an OpenAPI 3 document the fuzzer reads. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  [keyword: string]: unknown;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  example?: unknown;
};

type MediaType = { schema?: JsonSchema };

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  responses: Record<string, { content?: Record<string, MediaType> }>;
};

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Every operation of a document, with `$ref`s left for the caller to resolve. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const operation = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, MediaType> };
        responses?: Operation['responses'];
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        responses: operation.responses ?? {},
      });
    }
  }
  return operations;
}

/**
 * The schema with every `$ref` into `#/components/schemas` replaced by its target, and OpenAPI 3.0's
 * `nullable` turned into a JSON Schema type list, so that a plain JSON Schema validator reads it.
 * A reference met again inside itself becomes `{}` (anything), which keeps recursive schemas finite.
 */
export function resolveSchema(
  schema: JsonSchema,
  document: OpenApiDocument,
  seen: ReadonlySet<string> = new Set(),
): JsonSchema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target || seen.has(name)) return {};
    return resolveSchema(target, document, new Set([...seen, name]));
  }
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([key, child]) => [
          key,
          resolveSchema(child, document, seen),
        ]),
      );
    } else if ((keyword === 'items' || keyword === 'additionalProperties') && isSchema(value)) {
      out[keyword] = resolveSchema(value, document, seen);
    } else if ((keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'allOf') && Array.isArray(value)) {
      out[keyword] = value.map((child: JsonSchema) => resolveSchema(child, document, seen));
    } else if (keyword !== 'nullable' && keyword !== 'example' && keyword !== 'examples') {
      out[keyword] = value;
    }
  }
  if (schema.nullable && typeof schema.type === 'string') out.type = [schema.type, 'null'];
  return out;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
