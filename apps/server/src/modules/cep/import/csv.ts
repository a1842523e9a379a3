import { CsvError, parse } from 'csv-parse/sync';

/** One data row of a CSV file, by column name, with its 1-based line number for error messages. */
export type CsvRecord = { line: number; values: Record<string, string> };

type Row = { line: number; cells: string[] };

const LINE_BREAK = /\r\n|\r|\n/g;
const countMatches = (cells: string[], pattern: RegExp) =>
  cells.reduce((sum, cell) => sum + (cell.match(pattern)?.length ?? 0), 0);

/**
 * Parses RFC 4180 CSV with csv-parse: quoted fields (with "" for a quote, commas and line breaks inside),
 * LF or CRLF line ends (mixed too), a UTF-8 byte-order mark. The first row names the columns; blank lines
 * are skipped.
 */
export function parseCsv(text: string, file = 'CSV'): CsvRecord[] {
  const [header, ...data] = readRows(text, file);
  if (!header) throw new Error(`${file}: empty file`);
  const columns = header.cells.map((cell) => cell.trim());
  return data.map((row) => {
    if (row.cells.length !== columns.length) {
      throw new Error(`${file}:${row.line}: ${row.cells.length} fields, the header has ${columns.length}`);
    }
    return {
      line: row.line,
      values: Object.fromEntries(columns.map((name, i) => [name, row.cells[i] ?? ''])),
    };
  });
}

function readRows(text: string, file: string): Row[] {
  const rows: Row[] = [];
  // csv-parse's `lines` is where a record ends, and it counts a CRLF inside quotes as two lines.
  let extraLines = 0;
  let lastEnd = { line: 0, emptyLines: 0 };
  try {
    parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      on_record: (cells: string[], { lines, empty_lines }) => {
        extraLines += countMatches(cells, /\r\n/g);
        const end = lines - extraLines;
        rows.push({ line: end - countMatches(cells, LINE_BREAK), cells });
        lastEnd = { line: end, emptyLines: empty_lines };
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      const skipped = (error as CsvError & { empty_lines: number }).empty_lines - lastEnd.emptyLines;
      throw new Error(`${file}:${lastEnd.line + skipped + 1}: unterminated quoted field`);
    }
    throw error;
  }
  return rows;
}
