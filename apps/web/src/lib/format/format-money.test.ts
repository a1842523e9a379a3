import { describe, expect, it } from 'vitest';
import { formatMoney, getLanguageCurrency } from './format-money.ts';

describe('formatMoney', () => {
  it('writes cents in the language and currency given', () => {
    expect(formatMoney(29_90, 'BRL', 'pt-BR')).toBe('R$\u00a029,90');
    expect(formatMoney(7_90, 'USD', 'en')).toBe('$7.90');
    expect(formatMoney(199_900, 'BRL', 'pt-BR')).toBe('R$\u00a01.999,00');
  });

  it('drops zero cents from a price tag when asked, never other cents', () => {
    expect(formatMoney(199_900, 'BRL', 'pt-BR', { dropsZeroCents: true })).toBe('R$\u00a01.999');
    expect(formatMoney(0, 'USD', 'en', { dropsZeroCents: true })).toBe('$0');
    expect(formatMoney(79_00 + 90, 'USD', 'en', { dropsZeroCents: true })).toBe('$79.90');
  });
});

describe('getLanguageCurrency', () => {
  it("follows the language entry's currency, pt-BR for anything unknown", () => {
    expect(getLanguageCurrency('pt-BR')).toBe('BRL');
    expect(getLanguageCurrency('en')).toBe('USD');
    expect(getLanguageCurrency('fr')).toBe('BRL');
  });
});
