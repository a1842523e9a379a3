/** One data row of a CSV file, by column name, with its 1-based line number for error messages. */
export type CsvRecord = { line: number; values: Record<string, string> };

/**
 * Parses RFC 4180 CSV: quoted fields (with "" for a quote, commas and line breaks inside), LF or CRLF
 * line ends, a UTF-8 byte-order mark. The first row names the columns; blank lines are skipped.
 */
export function parseCsv(text: string, file = 'CSV'): CsvRecord[] {
  const rows = splitRows(text.replace(/^\uFEFF/, ''), file);
  const [header, ...data] = rows;
  if (!header) throw new Error(`${file}: empty file`);
  const columns = header.cells.map((cell) => cell.trim());
  return data
    .filter((row) => !(row.cells.length === 1 && row.cells[0] === ''))
    .map((row) => {
      if (row.cells.length !== columns.length) {
        throw new Error(`${file}:${row.line}: ${row.cells.length} fields, the header has ${columns.length}`);
      }
      return {
        line: row.line,
        values: Object.fromEntries(columns.map((name, i) => [name, row.cells[i] ?? ''])),
      };
    });
}

function splitRows(text: string, file: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new Error(`${file}:${rowLine}: unterminated quoted field`);
  if (cell !== '' || cells.length > 0) rows.push({ line: rowLine, cells: [...cells, cell] });
  return rows;
}
