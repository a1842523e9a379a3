import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { billingClient, cardPayment, US_BILLING_DETAILS } from '../test-support/billing-client.ts';

/**
 * Issue 27: the first purchase in reais needs the billing details with a CPF or CNPJ (the boleto, the Pix
 * and the NFS-e name one); the checkout says so and opens nothing. Dollars need none.
 */
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const newCustomer = async (language = 'en') => {
  const account = await createAccount(test.app, test.database.db);
  return { account, billing: billingClient(test.app, account, language) };
};

async function leftBehind(organizationId: string) {
  const db = test.database.db;
  const [checkouts] = await db
    .select({ total: count() })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.organizationId, organizationId));
  const accounts = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId));
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return { checkouts: checkouts?.total, accounts: accounts.length, currency: organization?.currency };
}

describe('POST /api/billing/checkout in reais', () => {
  it.each([
    [
      'en',
      'Paying in reais needs your billing details with a CPF or CNPJ. Fill them in on the Billing tab first.',
    ],
    ['pt-BR', 'Para pagar em reais, preencha antes os dados de cobrança com CPF ou CNPJ na aba Faturamento.'],
  ])('refuses an organization without billing details (%s) and opens nothing', async (language, message) => {
    const { account, billing } = await newCustomer(language);
    const response = await billing.checkout({ planId: 'basic', cycle: 'monthly' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'BillingDetailsRequired', message });
    expect(await leftBehind(account.organizationId)).toEqual({ checkouts: 0, accounts: 0, currency: 'BRL' });
    expect((await billing.summary()).openCheckout).toBeNull();
  });

  it('refuses details from abroad (no CPF or CNPJ), even when reais are asked for', async () => {
    const { account, billing } = await newCustomer();
    await billing.saveDetails(US_BILLING_DETAILS);
    const response = await billing.checkout({ planId: 'pro', cycle: 'yearly', currency: 'BRL' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('BillingDetailsRequired');
    expect(await leftBehind(account.organizationId)).toMatchObject({ checkouts: 0, accounts: 0 });
  });

  it('opens the checkout once the details hold a CPF, and the invoice names them', async () => {
    const { billing } = await newCustomer();
    await billing.saveDetails();
    const response = await billing.checkout({ planId: 'basic', cycle: 'monthly' });
    expect(response.statusCode, response.body).toBe(200);
    const id = /\/billing\/checkout\/([0-9a-f-]{36})$/.exec(response.json().url)?.[1] ?? '';
    expect((await billing.pay(id, cardPayment())).statusCode).toBe(200);
    expect((await billing.invoices())[0]?.billedTo).toMatchObject({ name: 'Gi Lima', taxId: '52998224725' });
  });
});

describe('POST /api/billing/checkout in dollars', () => {
  it('opens without billing details; the invoice then names nobody', async () => {
    const { account, billing } = await newCustomer();
    const response = await billing.checkout({ planId: 'basic', cycle: 'monthly', currency: 'USD' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await leftBehind(account.organizationId)).toEqual({ checkouts: 1, accounts: 1, currency: 'USD' });
    const id = /\/billing\/checkout\/([0-9a-f-]{36})$/.exec(response.json().url)?.[1] ?? '';
    expect((await billing.pay(id, cardPayment())).statusCode).toBe(200);
    expect((await billing.invoices())[0]).toMatchObject({ currency: 'USD', billedTo: null });
  });
});
