import { TEST_CARDS, type TestCheckoutPayRequest } from '@cotacep/shared/billing-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { users } from '#server/db/schema/users.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { BILLING_DETAILS, billingClient, cardPayment } from '../test-support/billing-client.ts';

/**
 * Issue 23 items 1 and 2 (decision 027): a customer outside Brazil pays without a CPF or CNPJ, and the
 * customer's currency is theirs, never the interface language's.
 */
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const US_DETAILS = {
  country: 'US',
  name: 'Ada Lovelace LLC',
  addressLine: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
};

const usCard = (details: object = US_DETAILS): TestCheckoutPayRequest =>
  ({
    method: 'card',
    cardNumber: TEST_CARDS.success,
    expiry: '12/30',
    cvc: '123',
    billingDetails: details,
  }) as never;

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
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    expect(await billing.getCheckout(id)).toMatchObject({ currency: 'USD', amount: 790 });

    const paid = await billing.pay(id, usCard());
    expect(paid.statusCode, paid.body).toBe(200);
    const [invoice] = await billing.invoices();
    expect(invoice).toMatchObject({ currency: 'USD', amount: 790, status: 'paid' });
    expect(invoice?.billedTo).toMatchObject({ name: 'Ada Lovelace LLC', country: 'US', taxId: '' });
    // No foreign document lands in the profile's CPF/CNPJ.
    const [user] = await test.database.db.select().from(users).where(eq(users.id, account.organizationId));
    expect(user?.taxId).toBeNull();
  });

  it('keeps an optional tax id given outside Brazil, as written', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account, 'en');
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly', currency: 'USD' });
    const paid = await billing.pay(id, usCard({ ...US_DETAILS, taxId: 'EIN 12-3456789' }));
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await test.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, account.organizationId));
    expect(row).toMatchObject({ country: 'US', taxId: 'EIN 12-3456789' });
  });

  it.each([
    ['en', { ...BILLING_DETAILS, taxId: '' }, 'Please enter the CPF or CNPJ'],
    ['pt-BR', { ...BILLING_DETAILS, taxId: '' }, 'Por favor, informe o CPF ou CNPJ'],
    ['en', { ...BILLING_DETAILS, taxId: '111.111.111-11' }, 'Please enter a valid CPF or CNPJ'],
    ['en', { ...US_DETAILS, country: '' }, 'Please choose the country'],
  ])(
    'refuses Brazil without a valid CPF/CNPJ, or no country (%s %#), and charges nothing',
    async (language, details, message) => {
      const account = await createAccount(test.app, test.database.db);
      const billing = billingClient(test.app, account, language);
      const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
      const refused = await billing.pay(id, usCard(details));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message.map((issue: { message: string }) => issue.message)).toEqual([message]);
      expect((await billing.getCheckout(id)).status).toBe('open');
    },
  );

  it('refuses a boleto for an address outside Brazil', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account, 'en');
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    const refused = await billing.pay(id, { method: 'boleto', billingDetails: US_DETAILS } as never);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message[0].message).toBe(
      'Boleto needs a billing address in Brazil; pay by card instead',
    );
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

describe('a Brazilian card payment still fills the profile CPF', () => {
  it('pays in reais with CPF and address', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account, 'pt-BR');
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    expect((await billing.pay(id, cardPayment())).statusCode).toBe(200);
    const [user] = await test.database.db.select().from(users).where(eq(users.id, account.organizationId));
    expect(user?.taxId).toBe(BILLING_DETAILS.taxId);
  });
});
