import { describe, expect, it } from 'vitest';
import { getTaxIdKind, isValidCnpj, isValidCpf, normalizeTaxId } from './tax-id.ts';

describe('CPF', () => {
  it('accepts valid numbers with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('390.533.447-05')).toBe(true);
  });

  it('refuses a wrong check digit, repeated digits and wrong lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('52998224A25')).toBe(false);
  });
});

describe('CNPJ', () => {
  it('accepts numeric CNPJs', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11444777000161')).toBe(true);
  });

  it("accepts the alphanumeric CNPJ (Receita Federal's example 12.ABC.345/01DE-35), in any case", () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(normalizeTaxId('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('refuses wrong check digits, letters in the check digits and repeated characters', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01D-35')).toBe(false);
  });
});

describe('getTaxIdKind', () => {
  it('tells CPF from CNPJ and refuses neither', () => {
    expect(getTaxIdKind('529.982.247-25')).toBe('cpf');
    expect(getTaxIdKind('12.ABC.345/01DE-35')).toBe('cnpj');
    expect(getTaxIdKind('123')).toBeNull();
  });
});
