import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { PLANS } from '@cotacep/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { billingClient } from '../test-support/billing-client.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const planOf = async (organizationId: string) =>
  (
    await test.database.db
      .select({ plan: organizations.plan })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
  )[0]?.plan;

/** The quota the gateway applies now, read from a real keyed call. */
async function quotaLimit(secret: string): Promise<number> {
  const response = await test.app.inject({ url: '/quotes/json/available', headers: { 'x-api-key': secret } });
  return Number(response.headers['x-quota-limit']);
}

/** A customer on Basic, monthly, paid by boleto (the bank said paid), with an API key. */
async function basicByBoleto() {
  const account = await createAccount(test.app, test.database.db);
  const billing = billingClient(test.app, account, 'pt-BR');
  const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
  await billing.pay(id, { method: 'boleto' });
  await billing.call('POST', `/test/checkouts/${id}/boleto`, { outcome: 'paid' });
  const { secret } = await createKey(test.app, account);
  expect(await quotaLimit(secret)).toBe(PLANS.basic.monthlyQuota);
  return { account, billing, secret };
}

describe('an upgrade paid by boleto', () => {
  it('waits for the boleto: the old plan and its limits stay, the upgrade shows as pending', async () => {
    const { account, billing, secret } = await basicByBoleto();
    const response = await billing.manage({ action: 'change', planId: 'business', cycle: 'monthly' });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json();
    expect(summary.planId).toBe('basic');
    expect(summary.subscription).toMatchObject({ planId: 'basic', status: 'active', scheduledChange: null });
    const [invoice] = await billing.invoices();
    expect(invoice).toMatchObject({ status: 'open', planId: 'business', paymentMethod: 'boleto' });
    expect(invoice?.boleto?.line).toMatch(/^\d{5}\./);
    expect(summary.subscription.pendingChange).toEqual({
      planId: 'business',
      cycle: 'monthly',
      invoiceId: invoice?.id,
      amount: invoice?.amount,
      expiresAt: invoice?.boleto?.expiresAt,
    });
    expect(await planOf(account.organizationId)).toBe('basic');
    expect(await quotaLimit(secret)).toBe(PLANS.basic.monthlyQuota);
    // Asking for the same upgrade again issues no second boleto.
    await billing.manage({ action: 'change', planId: 'business', cycle: 'monthly' });
    expect((await billing.invoices()).filter((each) => each.status === 'open')).toHaveLength(1);

    const paid = await billing.call('POST', `/test/invoices/${invoice?.id}/boleto`, { outcome: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ planId: 'business' });
    expect(paid.json().subscription).toMatchObject({
      planId: 'business',
      status: 'active',
      pendingChange: null,
    });
    expect(await planOf(account.organizationId)).toBe('business');
    expect(await quotaLimit(secret)).toBe(PLANS.business.monthlyQuota);
  });

  it('never paid: the change lapses at the boleto’s due date on that customer’s clock, the plan stays', async () => {
    const { account, billing, secret } = await basicByBoleto();
    await billing.manage({ action: 'change', planId: 'business', cycle: 'monthly' });
    const [invoice] = await billing.invoices();

    // Another customer's clock passing the due date changes nothing here.
    const other = await basicByBoleto();
    await other.billing.advanceClock(4);
    expect((await billing.summary()).subscription?.pendingChange?.invoiceId).toBe(invoice?.id);

    await billing.advanceClock(4);
    const summary = await billing.summary();
    expect(summary.planId).toBe('basic');
    expect(summary.subscription).toMatchObject({ planId: 'basic', status: 'active', pendingChange: null });
    expect((await billing.invoices()).find((each) => each.id === invoice?.id)?.status).toBe('void');
    expect(await planOf(account.organizationId)).toBe('basic');
    expect(await quotaLimit(secret)).toBe(PLANS.basic.monthlyQuota);
    // A void boleto can no longer be paid into the upgrade.
    const late = await billing.call('POST', `/test/invoices/${invoice?.id}/boleto`, { outcome: 'paid' });
    expect(late.statusCode).toBe(409);
    expect(await planOf(account.organizationId)).toBe('basic');
  });

  it('is dropped by choosing the current plan again, its boleto voided', async () => {
    const { billing } = await basicByBoleto();
    await billing.manage({ action: 'change', planId: 'pro', cycle: 'monthly' });
    const [invoice] = await billing.invoices();
    const kept = await billing.manage({ action: 'change', planId: 'basic', cycle: 'monthly' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().subscription).toMatchObject({ planId: 'basic', pendingChange: null });
    expect((await billing.invoices()).find((each) => each.id === invoice?.id)?.status).toBe('void');
    const again = await billing.manage({ action: 'change', planId: 'basic', cycle: 'monthly' });
    expect(again.json().code).toBe('AlreadyOnPlan');
  });
});

describe('an upgrade paid by card', () => {
  it('charges the card on file and applies at once', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account, 'pt-BR');
    await billing.subscribe({ planId: 'basic', cycle: 'monthly' });
    const { secret } = await createKey(test.app, account);
    const response = await billing.manage({ action: 'change', planId: 'business', cycle: 'monthly' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ planId: 'business' });
    expect(response.json().subscription).toMatchObject({ planId: 'business', pendingChange: null });
    expect((await billing.invoices())[0]).toMatchObject({ planId: 'business', status: 'paid' });
    expect(await quotaLimit(secret)).toBe(PLANS.business.monthlyQuota);
  });

  it('keeps the old plan when the card on file is declined', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account, 'en');
    await billing.subscribe({ planId: 'basic', cycle: 'monthly' }, TEST_CARDS.renewalFails);
    const response = await billing.manage({ action: 'change', planId: 'business', cycle: 'monthly' });
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe('CardDeclined');
    const summary = await billing.summary();
    expect(summary).toMatchObject({ planId: 'basic' });
    expect(summary.subscription).toMatchObject({ planId: 'basic', status: 'active', pendingChange: null });
    expect(await billing.invoices()).toHaveLength(1);
    expect(await planOf(account.organizationId)).toBe('basic');
  });
});
