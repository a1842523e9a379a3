/** The Markdown-ish texts of a document, as data the page renders with elements (never as HTML). */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

const LIST_ITEM = /^\s*[-*]\s+/;

/** Headings (`#`…), bullet lists and paragraphs, split on blank lines. */
export function getBlocks(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk): Block => {
      const heading = /^#{1,6}\s+(.*)$/.exec(chunk);
      if (heading && !chunk.includes('\n')) return { kind: 'heading', text: heading[1] as string };
      const lines = chunk.split('\n');
      if (lines.every((line) => LIST_ITEM.test(line))) {
        return { kind: 'list', items: lines.map((line) => line.replace(LIST_ITEM, '')) };
      }
      return { kind: 'paragraph', text: lines.join(' ') };
    });
}

// `code`, [label](http… or /path), and bare http(s) addresses.
const INLINE = /`([^`]+)`|\[([^\]]+)\]\(((?:https?:\/\/|\/)[^)\s]+)\)|(https?:\/\/[^\s<>()]+)/g;

/** Only http(s) and site-relative links survive; anything else (javascript:, data:) stays text. */
export function getInlines(text: string): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, label, href, bare] = match;
    let end = match.index + whole.length;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    if (code !== undefined) parts.push({ kind: 'code', text: code });
    else if (label !== undefined && href !== undefined) parts.push({ kind: 'link', text: label, href });
    else if (bare !== undefined) {
      // A sentence's closing punctuation is not part of the address.
      const address = bare.replace(/[.,;:!?]+$/, '');
      end = match.index + address.length;
      parts.push({ kind: 'link', text: address, href: address });
    }
    last = end;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
