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

/** A flat object as the familiar API's XML: `<xml><field>value</field>…</xml>`, fields in order. */
export function toXml(fields: Record<string, string | number>): string {
  let body = '';
  for (const [name, value] of Object.entries(fields))
    body += `<${name}>${escapeXml(String(value))}</${name}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xml>${body}</xml>\n`;
}
