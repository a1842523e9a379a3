/**
 * The public APIs' XML, the familiar APIs' own: a `<xml>` root, one element per key, text values.
 * Element names come from field names and currency codes only, never from raw input.
 */

/** Characters XML 1.0 cannot carry at all, even escaped: they are dropped. */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(value: string): string {
  return value.replace(FORBIDDEN, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** `<name>value</name>` for each field, values escaped, in order. */
export function xmlFields(fields: Record<string, string | number>): string {
  let body = '';
  for (const [name, value] of Object.entries(fields))
    body += `<${name}>${escapeXml(String(value))}</${name}>`;
  return body;
}

/** The document around elements whose content is already XML (escaped text or nested elements). */
export function xmlDocument(children: Iterable<[string, string]>): string {
  let body = '';
  for (const [name, content] of children) body += `<${name}>${content}</${name}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xml>${body}</xml>\n`;
}

/** A flat object as a whole document: `<xml><field>value</field>…</xml>`, fields in order. */
export function toXml(fields: Record<string, string | number>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xml>${xmlFields(fields)}</xml>\n`;
}
