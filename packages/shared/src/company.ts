/**
 * Who runs Cotacep: the issuer of every invoice, the controller the privacy policy names and the address
 * the contact page shows. One place, so the invoice screen, its PDF, the contact page and the privacy
 * policy never disagree.
 */
export const COMPANY = {
  legalName: 'Cotacep Tecnologia Ltda.',
  cnpj: '11.222.333/0001-81',
  /** The postal address, one line per item as printed on an invoice. */
  addressLines: ['Rua Fradique Coutinho, 500, sala 12, Pinheiros', 'São Paulo/SP, CEP 05416-000', 'Brasil'],
  /** Where customers and data subjects write; the privacy policy points here. */
  email: 'contato@cotacep.com.br',
} as const;

/** The address on one line: "Avenida Paulista, 1000, …, 01310-100, Brasil". */
export function formatCompanyAddress(): string {
  return COMPANY.addressLines.join(', ');
}
