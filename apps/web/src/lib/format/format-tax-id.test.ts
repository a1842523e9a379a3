import { describe, expect, it } from 'vitest';
import { formatTaxId } from './format-tax-id.ts';

describe('formatTaxId', () => {
  it('writes a CPF and a CNPJ, numeric or alphanumeric, with their punctuation', () => {
    expect(formatTaxId('52998224725')).toBe('529.982.247-25');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatTaxId('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('leaves a value that is not a valid document as it is', () => {
    expect(formatTaxId('52998224724')).toBe('52998224724');
    expect(formatTaxId('')).toBe('');
  });
});
