import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('CSV parsing', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF and a byte-order mark', () => {
    const text =
      '\uFEFFibge,name\r\n1,"Alta Floresta D\'Oeste"\r\n2,"Vila ""Nova"", Sul"\n3,"duas\nlinhas"\n\n';
    expect(parseCsv(text)).toEqual([
      { line: 2, values: { ibge: '1', name: "Alta Floresta D'Oeste" } },
      { line: 3, values: { ibge: '2', name: 'Vila "Nova", Sul' } },
      { line: 4, values: { ibge: '3', name: 'duas\nlinhas' } },
    ]);
  });

  it('reads a last line without a line break', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([{ line: 2, values: { a: '1', b: '2' } }]);
  });

  it('names the file and line of a row with the wrong number of fields', () => {
    expect(() => parseCsv('a,b\n1,2\n3\n', 'ranges.csv')).toThrow('ranges.csv:3: 1 fields, the header has 2');
  });

  it('refuses an unterminated quote and an empty file', () => {
    expect(() => parseCsv('a\n"open\n', 'x.csv')).toThrow('x.csv:2: unterminated quoted field');
    expect(() => parseCsv('', 'x.csv')).toThrow('x.csv: empty file');
  });
});
