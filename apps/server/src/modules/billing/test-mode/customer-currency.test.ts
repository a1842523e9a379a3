import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import {
  BILLING_DETAILS,
  billingClient,
  cardPayment,
  US_BILLING_DETAILS,
} from '../test-support/billing-client.ts';

/**
 * Issue 23 items 1 and 2 (decision 027): a customer outside Brazil pays without a CPF or CNPJ, and the
 * customer's currency is theirs, never the interface language's.
 */
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const setCurrency = (account: TestAccount, currency: string, language = 'en') =>
  test.app.inject({
    method: 'PATCH',
    url: '/api/account',
    headers: { ...account.headers, 'accept-language': language },
    payload: { currency },
  });

const storedCurrency = async (organizationId: string) =>
  (
    await test.database.db
      .select({ currency: organizations.currency })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
  )[0]?.currency;

describe('billing details: CPF or CNPJ only for Brazil', () => {
  it('lets a customer in the United States pay in dollars with no tax id', async () => {
    const account = await createAccount(test.app, test.database.db);
    expect((await setCurrency(account, 'USD')).statusCode).toBe(200);
    const billing = billingClient(test.app, account, 'en');
    await billing.saveDetails(US_BILLING_DETAILS);
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    expect(await billing.getCheckout(id)).toMatchObject({
      currency: 'USD',
      amount: 790,
      email: 'ap@lovelace.example',
    });

    const paid = await billing.pay(id, cardPayment());
    expect(paid.statusCode, paid.body).toBe(200);
    const [invoice] = await billing.invoices();
    expect(invoice).toMatchObject({ currency: 'USD', amount: 790, status: 'paid' });
    expect(invoice?.billedTo).toEqual({
      name: 'Ada Lovelace LLC',
      email: 'ap@lovelace.example',
      taxId: '',
      addressLine: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    });
  });

  it('keeps an optional tax id given outside Brazil, as written', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account, 'en');
    await billing.saveDetails({ ...US_BILLING_DETAILS, taxId: 'EIN 12-3456789' });
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly', currency: 'USD' });
    const paid = await billing.pay(id, cardPayment());
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await billing.invoices())[0]?.billedTo).toMatchObject({ country: 'US', taxId: 'EIN 12-3456789' });
  });

  it('refuses a boleto once the details moved abroad, and charges nothing', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account, 'pt-BR');
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    await billing.saveDetails(US_BILLING_DETAILS);
    const refused = await billing.pay(id, { method: 'boleto' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'BillingDetailsRequired',
      message: 'Para pagar em reais, preencha antes os dados de cobrança com CPF ou CNPJ na aba Faturamento.',
    });
    expect((await billing.getCheckout(id)).status).toBe('open');
    expect(await billing.invoices()).toEqual([]);
  });
});

describe("the checkout's currency is the customer's", () => {
  it('is the profile currency, whatever Accept-Language says', async () => {
    const reais = await createAccount(test.app, test.database.db);
    const inEnglish = billingClient(test.app, reais, 'en');
    const id = await inEnglish.startCheckout({ planId: 'pro', cycle: 'monthly' });
    expect(await inEnglish.getCheckout(id)).toMatchObject({
      currency: 'BRL',
      amount: 7990,
      paymentMethods: ['card', 'boleto'],
    });
    expect(await inEnglish.summary()).toMatchObject({ currency: 'BRL', isCurrencyFixed: true });

    const dollars = await createAccount(test.app, test.database.db);
    expect((await setCurrency(dollars, 'USD', 'pt-BR')).statusCode).toBe(200);
    const inPortuguese = billingClient(test.app, dollars, 'pt-BR');
    expect(await inPortuguese.summary()).toMatchObject({ currency: 'USD', isCurrencyFixed: false });
    const usd = await inPortuguese.startCheckout({ planId: 'pro', cycle: 'monthly' });
    expect(await inPortuguese.getCheckout(usd)).toMatchObject({
      currency: 'USD',
      amount: 1990,
      paymentMethods: ['card'],
    });
  });

  it('is chosen at the first purchase, then stays in every language and refuses a profile change', async () => {
    const account = await createAccount(test.app, test.database.db);
    const inEnglish = billingClient(test.app, account, 'en');
    // The first purchase chooses dollars (the pricing page's switch).
    await inEnglish.subscribe({ planId: 'basic', cycle: 'monthly', currency: 'USD' });
    expect(await storedCurrency(account.organizationId)).toBe('USD');

    // Cancelled, the period over: a later purchase in Portuguese asking for reais is still in dollars.
    expect((await inEnglish.manage({ action: 'cancel' })).statusCode).toBe(200);
    await inEnglish.advanceClock(40);
    expect((await inEnglish.summary()).planId).toBe('free');
    const inPortuguese = billingClient(test.app, account, 'pt-BR');
    const id = await inPortuguese.startCheckout({ planId: 'pro', cycle: 'yearly', currency: 'BRL' });
    expect(await inPortuguese.getCheckout(id)).toMatchObject({ currency: 'USD', amount: 19900 });
    expect(await storedCurrency(account.organizationId)).toBe('USD');

    const refused = await setCurrency(account, 'BRL', 'pt-BR');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CurrencyFixed',
      message: 'Sua moeda foi definida na primeira compra e não pode mudar.',
    });
    expect(await storedCurrency(account.organizationId)).toBe('USD');
    const profile = await test.app.inject({ url: '/api/account', headers: account.headers });
    expect(profile.json()).toMatchObject({ currency: 'USD', isCurrencyFixed: true });
  });

  it('takes only the currencies prices are sold in on the profile', async () => {
    const account = await createAccount(test.app, test.database.db);
    const refused = await setCurrency(account, 'EUR');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message[0].message).toBe('Please choose a valid currency');
    expect(await storedCurrency(account.organizationId)).toBe('BRL');
  });
});

describe('a Brazilian card payment names the CPF on its invoice', () => {
  it('prints the billing details, the CPF without punctuation and the CEP written out', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account, 'pt-BR');
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    expect((await billing.pay(id, cardPayment())).statusCode).toBe(200);
    expect((await billing.invoices())[0]?.billedTo).toEqual({
      name: BILLING_DETAILS.legalName,
      email: 'financeiro@gilima.example',
      taxId: '52998224725',
      addressLine: 'Praça da Sé, 100 – Sé',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01001-000',
      country: 'BR',
    });
  });
});
