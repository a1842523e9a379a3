import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDetails } from '#server/db/schema/billing-details.ts';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { BILLING_DETAILS, billingClient, US_BILLING_DETAILS } from '../test-support/billing-client.ts';

/** Issue 27 item 5: bad billing details are refused field by field, in the request's language, saving nothing. */
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const messagesOf = (body: string) =>
  (JSON.parse(body) as { message: { path: string; message: string }[] }).message.map(
    (issue) => `${issue.path}: ${issue.message}`,
  );

async function refused(details: object, language = 'en') {
  const account = await createAccount(test.app, test.database.db);
  const response = await billingClient(test.app, account, language).call('PUT', '/details', details);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().code).toBe('ZodError');
  const rows = await test.database.db
    .select()
    .from(billingDetails)
    .where(eq(billingDetails.organizationId, account.organizationId));
  expect(rows).toEqual([]);
  return messagesOf(response.body);
}

describe('PUT /api/billing/details, bad input', () => {
  it.each([
    ['an invalid CPF', { taxId: '529.982.247-24' }, 'taxId: Please enter a valid CPF or CNPJ'],
    ['a CPF of one repeated digit', { taxId: '111.111.111-11' }, 'taxId: Please enter a valid CPF or CNPJ'],
    ['an invalid CNPJ', { taxId: '11.222.333/0001-80' }, 'taxId: Please enter a valid CPF or CNPJ'],
    [
      'an alphanumeric CNPJ off by one',
      { taxId: '12.ABC.345/01DE-36' },
      'taxId: Please enter a valid CPF or CNPJ',
    ],
    ['no CPF or CNPJ in Brazil', { taxId: '' }, 'taxId: Please enter the CPF or CNPJ'],
    ['a UF that does not exist', { state: 'XX' }, 'state: Please choose the state (UF)'],
    ['a CEP of 7 digits', { postalCode: '0100-100' }, 'postalCode: Please enter a CEP with 8 digits'],
    ['no number', { number: '' }, 'number: Please enter the number (S/N if there is none)'],
    ['no district', { district: '' }, 'district: Please enter the district'],
    ['an IBGE code of 6 digits', { cityCode: '355030' }, 'cityCode: The IBGE code of the city has 7 digits'],
    [
      'a state registration with letters',
      { stateRegistration: 'ABC123' },
      'stateRegistration: Please enter the state registration with digits only, or ISENTO',
    ],
    [
      'a state registration of punctuation only',
      { stateRegistration: '../-' },
      'stateRegistration: Please enter the state registration with digits only, or ISENTO',
    ],
    [
      'no legal name',
      { legalName: '  ' },
      'legalName: Please enter the legal name (or the full name for a CPF)',
    ],
    ['no country', { country: '' }, 'country: Please choose the country'],
    ['a name too long', { legalName: 'x'.repeat(151) }, 'legalName: This text is too long'],
  ])('refuses %s', async (_case, change, message) => {
    expect(await refused({ ...BILLING_DETAILS, ...change })).toEqual([message]);
  });

  it.each([
    ['a NUL character', 'Gi\u0000 Lima'],
    ['a line break', 'Gi\nLima'],
    ['a tab', 'Gi\tLima'],
  ])('refuses %s in a printed field', async (_case, legalName) => {
    const messages = await refused({ ...BILLING_DETAILS, legalName });
    expect(messages).toEqual(['legalName: Please remove the control characters from this field']);
  });

  it('refuses control characters in the street and the city abroad too', async () => {
    expect(
      await refused({ ...US_BILLING_DETAILS, street: '1 Main\u0007 St', city: 'Spring\rfield' }),
    ).toEqual([
      'street: Please remove the control characters from this field',
      'city: Please remove the control characters from this field',
    ]);
  });

  it('refuses no e-mail, a fourth one, an invalid one and the same one twice (any case)', async () => {
    expect(await refused({ ...BILLING_DETAILS, emails: [] })).toEqual([
      'emails: Please enter at least one e-mail for invoices',
    ]);
    const four = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'];
    expect(await refused({ ...BILLING_DETAILS, emails: four })).toEqual([
      'emails: Up to three e-mails receive the invoices',
    ]);
    expect(await refused({ ...BILLING_DETAILS, emails: ['a@example.com', 'not an e-mail'] })).toEqual([
      'emails,1: Please enter valid email',
    ]);
    expect(await refused({ ...BILLING_DETAILS, emails: ['Ana@Example.com', 'ana@example.com'] })).toEqual([
      'emails,1: This e-mail is already in the list',
    ]);
  });

  it('answers in Portuguese', async () => {
    expect(await refused({ ...BILLING_DETAILS, taxId: '529.982.247-24', state: 'XX' }, 'pt-BR')).toEqual([
      'taxId: Por favor, informe um CPF ou CNPJ válido',
      'state: Por favor, escolha o estado (UF)',
    ]);
  });

  it('asks abroad for no CPF, number or district, but for the address, city, state and postal code', async () => {
    const blank = { postalCode: '', street: '', city: '', state: '', taxId: '', number: '', district: '' };
    expect(await refused({ ...US_BILLING_DETAILS, ...blank })).toEqual([
      'postalCode: Please enter the postal code',
      'street: Please enter the address',
      'city: Please enter the city',
      'state: Please enter the state',
    ]);
  });
});
