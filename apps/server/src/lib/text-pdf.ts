/**
 * A one-page PDF of text lines, written by hand: an invoice or a nota fiscal's DANFSe needs no layout
 * engine, and a PDF library would be the app's largest dependency for a page of text. PDF 1.4, A4, the
 * standard Helvetica fonts (every reader has them, nothing embedded) in WinAnsiEncoding, so Portuguese
 * accents print as they are. Shared by billing's invoices and the NFS-e test issuer (decisions 029, 038).
 */
export type PdfLine = {
  text: string;
  /** Points from the page's left edge. */
  x: number;
  /** Points from the page's top edge (PDF counts from the bottom; this is turned around). */
  y: number;
  size?: number;
  isBold?: boolean;
  /** 0 (black) to 1 (white). */
  gray?: number;
};

export type PdfRule = { x1: number; x2: number; y: number };

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;

/** WinAnsiEncoding's characters outside Latin-1 that an invoice may hold (dashes, quotes, the euro). */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** The text as WinAnsi bytes: Intl's no-break spaces become spaces, anything else unknown a `?`. */
function encodeWinAnsi(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.replace(/[\u00a0\u202f]/g, ' ')) {
    const code = char.codePointAt(0) ?? 0x3f;
    const extra = WIN_ANSI_EXTRAS[char];
    if (extra !== undefined) bytes.push(extra);
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}

/** A PDF string literal: `(`, `)` and `\` escaped. */
function pdfString(text: string): Buffer {
  const escaped = encodeWinAnsi(text)
    .toString('latin1')
    .replace(/[\\()]/g, (char) => `\\${char}`);
  return Buffer.from(`(${escaped})`, 'latin1');
}

function contentStream(lines: PdfLine[], rules: PdfRule[]): Buffer {
  const parts: Buffer[] = [];
  for (const rule of rules) {
    const y = PAGE_HEIGHT - rule.y;
    parts.push(Buffer.from(`0.8 G 0.5 w ${rule.x1} ${y} m ${rule.x2} ${y} l S\n`, 'latin1'));
  }
  for (const line of lines) {
    const font = line.isBold ? 'F2' : 'F1';
    const y = PAGE_HEIGHT - line.y;
    const gray = line.gray ?? 0;
    parts.push(Buffer.from(`BT /${font} ${line.size ?? 10} Tf ${gray} g ${line.x} ${y} Td `, 'latin1'));
    parts.push(pdfString(line.text), Buffer.from(' Tj ET\n', 'latin1'));
  }
  return Buffer.concat(parts);
}

/** The whole file: catalog, pages, page, two fonts, the content stream, then the cross-reference table. */
export function writeTextPdf(lines: PdfLine[], rules: PdfRule[] = []): Buffer {
  const content = contentStream(lines, rules);
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    ),
    Buffer.from(font('Helvetica')),
    Buffer.from(font('Helvetica-Bold')),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
  ];

  // The binary comment line tells transfer tools the file is not plain text.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
