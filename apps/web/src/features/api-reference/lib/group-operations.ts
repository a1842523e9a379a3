import { HTTP_METHODS, type HttpMethod, type OpenApiDocument, type Operation } from './openapi-types.ts';
import { getOperationAnchor, getTagAnchor } from './operation-anchor.ts';

export type OperationEntry = { method: HttpMethod; path: string; operation: Operation; anchor: string };
export type OperationGroup = {
  tag: string;
  /** The tag's `x-displayName`, else the tag itself. */
  label: string;
  anchor: string;
  description?: string;
  operations: OperationEntry[];
};

const isMethod = (key: string): key is HttpMethod => (HTTP_METHODS as readonly string[]).includes(key);

/** Operations by their first tag: the document's tag order first, then tags as they appear; untagged last. */
export function groupOperations(document: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  const groupOf = (tag: string) => {
    let group = groups.get(tag);
    if (!group) {
      const declared = document.tags?.find((item) => item.name === tag);
      group = {
        tag,
        label: declared?.['x-displayName'] ?? tag,
        anchor: getTagAnchor(tag || 'other'),
        description: declared?.description,
        operations: [],
      };
      groups.set(tag, group);
    }
    return group;
  };
  for (const tag of document.tags ?? []) groupOf(tag.name);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!isMethod(method)) continue;
      const anchor = getOperationAnchor(method, path);
      groupOf(operation.tags?.[0] ?? '').operations.push({ method, path, operation, anchor });
    }
  }
  const untagged = groups.get('');
  groups.delete('');
  return [...groups.values(), ...(untagged ? [untagged] : [])].filter((group) => group.operations.length > 0);
}
