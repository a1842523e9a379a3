import { describe, expect, it } from 'vitest';
import { getFileName } from './download-file.ts';

describe('getFileName', () => {
  it('takes the name from Content-Disposition, the encoded form first', () => {
    expect(getFileName('attachment; filename="uso-dias.csv"', 'usage.csv')).toBe('uso-dias.csv');
    expect(getFileName('attachment; filename="a.csv"; filename*=UTF-8\'\'consumo%20m%C3%AAs.csv', 'x')).toBe(
      'consumo mês.csv',
    );
    expect(getFileName(undefined, 'usage.csv')).toBe('usage.csv');
  });
});
