/** AwesomeAPI's XML: a `<xml>` root, one element per key (`<USDBRL>`, `<item>`, `<USD-BRL>`), text values. */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** Element names come from currency codes and field names only, never from raw input. */
function element(name: string, content: string): string {
  return `<${name}>${content}</${name}>`;
}

export function fieldsXml(fields: Record<string, string>): string {
  let body = '';
  for (const [name, value] of Object.entries(fields)) body += element(name, escapeXml(value));
  return body;
}

export function xmlDocument(children: Iterable<[string, string]>): string {
  let body = '';
  for (const [name, content] of children) body += element(name, content);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xml>${body}</xml>\n`;
}
