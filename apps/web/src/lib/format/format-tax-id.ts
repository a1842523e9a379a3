import { getTaxIdKind, normalizeTaxId } from '@cotacep/shared/tax-id';

/** A stored CPF or CNPJ as people write it: 123.456.789-09, 12.ABC.345/01DE-35. Anything else as given. */
export function formatTaxId(value: string): string {
  const kind = getTaxIdKind(value);
  const plain = normalizeTaxId(value);
  if (kind === 'cpf') return plain.replace(/^(.{3})(.{3})(.{3})(.{2})$/, '$1.$2.$3-$4');
  if (kind === 'cnpj') return plain.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return value;
}
