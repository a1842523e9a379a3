import type { DpsInput } from '../issuer.ts';

/** A taker's name with every character XML must escape, to prove the documents stay well-formed. */
export const AWKWARD_NAME = 'Café & Cia "Teste" <Ltda> d\'Ávila';

/** The DPS of a Pro monthly invoice (R$ 79,90) to a company in São Paulo, as `dps.ts` builds one. */
export function createDps(overrides: Partial<DpsInput> = {}): DpsInput {
  return {
    reference: 'intestabc123',
    issuedAt: new Date('2026-05-07T10:34:56Z'),
    competence: '2026-05-07',
    provider: { cnpj: '11222333000181', municipalRegistration: '12345678', municipality: '3550308' },
    taker: {
      kind: 'cnpj',
      taxId: '12345678000195',
      name: AWKWARD_NAME,
      email: 'financeiro@example.com',
      address: {
        street: 'Avenida Paulista',
        number: '1000',
        complement: 'sala 12',
        district: 'Bela Vista',
        cityCode: '3550308',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01310100',
      },
    },
    service: {
      lc116Item: '01.03',
      nationalTaxCode: '010301',
      description: 'Cotacep — plano Pro mensal: acesso às APIs de cotações & CEP. Fatura ABC-0001.',
    },
    amount: 7990,
    issRate: 2,
    ...overrides,
  };
}
