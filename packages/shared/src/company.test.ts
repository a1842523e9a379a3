import { describe, expect, it } from 'vitest';
import { COMPANY, formatCompanyAddress } from './company.ts';
import { isValidCnpj } from './tax-id.ts';

describe('the issuer', () => {
  it('has a CNPJ with valid check digits, written as people write it', () => {
    expect(isValidCnpj(COMPANY.cnpj)).toBe(true);
    expect(COMPANY.cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
  });

  it('writes its address on one line from the printed lines', () => {
    expect(formatCompanyAddress()).toBe(COMPANY.addressLines.join(', '));
    expect(formatCompanyAddress()).toMatch(/CEP \d{5}-\d{3}/);
  });
});
