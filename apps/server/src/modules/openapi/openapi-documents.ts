import { STATUS_PATH } from '../status/routes.ts';

/** The parts of an OpenAPI document these functions touch. */
type Response = { headers?: Record<string, unknown>; [key: string]: unknown };
export type Operation = { tags?: string[]; responses?: Record<string, Response>; [key: string]: unknown };
export type Document = {
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
};

export function isUnder(url: string, base: string): boolean {
  return url === base || url.startsWith(`${base}/`);
}

/** The paths of `full` that `keep` accepts, each operation passed through `change`. */
export function pickPaths(
  full: Document,
  keep: (url: string) => boolean,
  change: (operation: Operation, url: string) => Operation,
): NonNullable<Document['paths']> {
  const paths: NonNullable<Document['paths']> = {};
  for (const [url, operations] of Object.entries(full.paths ?? {})) {
    if (!keep(url)) continue;
    // A plugin's `/` route is `/api/keys/` to Fastify, which answers `/api/keys` too: the document shows that.
    const path = url.length > 1 ? url.replace(/\/$/, '') : url;
    paths[path] = {
      ...paths[path],
      ...Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [method, change(operation, url)]),
      ),
    };
  }
  return paths;
}

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

function collectRefs(value: unknown, found: Set<string>, schemas: Record<string, unknown>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, found, schemas);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const name = key === '$ref' && typeof child === 'string' ? SCHEMA_REF.exec(child)?.[1] : undefined;
    if (name !== undefined) {
      if (found.has(name)) continue;
      found.add(name);
      collectRefs(schemas[name], found, schemas);
    } else collectRefs(child, found, schemas);
  }
}

/**
 * Every named schema goes into every document (they come from one registry); each document keeps only
 * those its paths reach, so the public documents say nothing of the portal's and the other way round.
 */
export function withReachableSchemas(document: Document): Document {
  const schemas = document.components?.schemas ?? {};
  const reachable = new Set<string>();
  collectRefs(document.paths, reachable, schemas);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reachable.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

/** The shared status endpoint sits under the portal prefix but belongs to every document. */
export const isStatusPath = (url: string) => url === STATUS_PATH;

type Media = { schema?: { $ref?: string; examples?: unknown[] }; example?: unknown; examples?: unknown };

function withExample(media: Media, schemas: Record<string, unknown>): Media {
  if (media.example !== undefined || media.examples !== undefined || !media.schema) return media;
  const ref = media.schema.$ref ? SCHEMA_REF.exec(media.schema.$ref)?.[1] : undefined;
  const schema = (ref === undefined ? media.schema : schemas[ref]) as Media['schema'];
  const first = schema?.examples?.[0];
  return first === undefined ? media : { ...media, example: first };
}

/**
 * Every answer of an operation shows an example: a media type without one takes its schema's first
 * `examples`, where content-typed answers (XML) and named schemas (`$ref`, such as CepAddress) keep them.
 */
export function withMediaExamples(operation: Operation, schemas: Record<string, unknown>): Operation {
  const responses = Object.fromEntries(
    Object.entries(operation.responses ?? {}).map(([status, response]) => {
      const content = response.content as Record<string, Media> | undefined;
      if (!content) return [status, response];
      const media = Object.entries(content).map(([type, item]) => [type, withExample(item, schemas)]);
      return [status, { ...response, content: Object.fromEntries(media) }];
    }),
  );
  return { ...operation, responses };
}
