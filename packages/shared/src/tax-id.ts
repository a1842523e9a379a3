/**
 * CPF and CNPJ check digits (Receita Federal). CNPJ accepts the alphanumeric form in force from July 2026:
 * twelve characters 0-9/A-Z then two numeric check digits, each character weighing its ASCII code minus 48.
 */
export type TaxIdKind = 'cpf' | 'cnpj';

/** Drops the usual punctuation (". - / space") and upper-cases letters: "12.abc.345/01de-35" → "12ABC34501DE35". */
export function normalizeTaxId(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

function isRepeated(value: string): boolean {
  return /^(.)\1*$/.test(value);
}

function cpfDigit(digits: string): number {
  const weightStart = digits.length + 1;
  const sum = [...digits].reduce((total, char, index) => total + Number(char) * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(value: string): boolean {
  const cpf = normalizeTaxId(value);
  if (!/^\d{11}$/.test(cpf) || isRepeated(cpf)) return false;
  const first = cpfDigit(cpf.slice(0, 9));
  const second = cpfDigit(cpf.slice(0, 9) + first);
  return cpf.endsWith(`${first}${second}`);
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function cnpjDigit(base: string): number {
  const weights = CNPJ_WEIGHTS.slice(CNPJ_WEIGHTS.length - base.length);
  const sum = [...base].reduce(
    (total, char, index) => total + (char.charCodeAt(0) - 48) * weights[index]!,
    0,
  );
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeTaxId(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || isRepeated(cnpj)) return false;
  const first = cnpjDigit(cnpj.slice(0, 12));
  const second = cnpjDigit(cnpj.slice(0, 12) + first);
  return cnpj.endsWith(`${first}${second}`);
}

/** Which kind a valid document is, or null when it is neither a valid CPF nor a valid CNPJ. */
export function getTaxIdKind(value: string): TaxIdKind | null {
  if (isValidCpf(value)) return 'cpf';
  if (isValidCnpj(value)) return 'cnpj';
  return null;
}

export function isValidTaxId(value: string): boolean {
  return getTaxIdKind(value) !== null;
}

/** A stored CPF or CNPJ as people write it: 123.456.789-09, 12.ABC.345/01DE-35. Anything else as given. */
export function formatTaxId(value: string): string {
  const kind = getTaxIdKind(value);
  const plain = normalizeTaxId(value);
  if (kind === 'cpf') return plain.replace(/^(.{3})(.{3})(.{3})(.{2})$/, '$1.$2.$3-$4');
  if (kind === 'cnpj') return plain.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return value;
}
