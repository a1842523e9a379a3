/** `get /quotes/json/last/{pairs}` → `get-quotes-json-last-pairs`: the id a link can point at. */
export function getOperationAnchor(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `Keys` → `tag-keys`: the id of a group of operations. */
export function getTagAnchor(tag: string): string {
  return `tag-${getOperationAnchor('', tag)}`;
}
