import type { PlanCatalogue } from '@cotacep/shared/billing-schemas';
import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { BILLING_DETAILS, billingClient, cardPayment } from '../test-support/billing-client.ts';

let test: TestApp;
let account: TestAccount;
let billing: ReturnType<typeof billingClient>;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  account = await createAccount(test.app, test.database.db);
  billing = billingClient(test.app, account, 'pt-BR');
  // A purchase in reais needs the billing details (issue 27).
  await billing.saveDetails();
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

describe('GET /api/plans', () => {
  it('serves the catalogue to anyone, with prices in BRL and USD and yearly at ten months', async () => {
    const response = await test.app.inject({ url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const { plans, quotaCounts } = response.json() as PlanCatalogue;
    expect(plans.map((plan) => plan.id)).toEqual(['free', 'basic', 'pro', 'business', 'enterprise']);
    const basic = plans.find((plan) => plan.id === 'basic');
    expect(basic).toMatchObject({
      monthlyPrice: { BRL: 2990, USD: 790 },
      yearlyPrice: { BRL: 29900, USD: 7900 },
    });
    expect(basic?.monthlyQuota).toBe(1_000_000);
    expect(plans.find((plan) => plan.id === 'free')).toMatchObject({ monthlyQuota: 100_000, maxKeys: 2 });
    expect(plans.find((plan) => plan.id === 'enterprise')?.monthlyPrice).toBeNull();
    expect(quotaCounts).toBe('2xx-304');
  });
});

describe('a plan bought, upgraded, downgraded and cancelled in test mode', () => {
  let secret: string;

  it('starts on Free with nothing to pay', async () => {
    secret = (await createKey(test.app, account)).secret;
    expect(await billing.summary()).toMatchObject({
      provider: 'test',
      planId: 'free',
      subscription: null,
      nextPayment: null,
    });
    expect(await quotaLimit(secret)).toBe(100_000);
  });

  it('opens a checkout in the language entry’s currency, card and boleto offered for BRL', async () => {
    const started = await billing.checkout({ planId: 'basic', cycle: 'monthly' });
    expect(started.json().url).toMatch(/^\/billing\/checkout\/[0-9a-f-]{36}$/);
    const id = (await billing.summary()).openCheckout?.id as string;
    const checkout = await billing.getCheckout(id);
    expect(checkout).toMatchObject({
      planId: 'basic',
      cycle: 'monthly',
      currency: 'BRL',
      amount: 2990,
      status: 'open',
      paymentMethods: ['card', 'boleto'],
      // The receipt goes to the first billing e-mail.
      email: BILLING_DETAILS.emails[0],
    });
    expect((await billing.summary()).openCheckout?.id).toBe(id);
  });

  it('refuses a declined card and changes nothing, then a processing error passes on retry', async () => {
    const id = (await billing.summary()).openCheckout?.id as string;
    const declined = await billing.pay(id, cardPayment(TEST_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'CardDeclined',
      message: 'Seu cartão foi recusado. Tente outro cartão.',
    });
    expect(await planOf(account.organizationId)).toBe('free');
    expect((await billing.summary()).subscription).toBeNull();

    const failed = await billing.pay(id, cardPayment(TEST_CARDS.processingError));
    expect(failed.json()).toMatchObject({ code: 'CardProcessingError' });
    const retried = await billing.pay(id, cardPayment(TEST_CARDS.processingError));
    expect(retried.statusCode, retried.body).toBe(200);
    // Test mode's pages are this app's own: a path, so the browser stays on the origin it uses (issue 28:
    // opened at 127.0.0.1, an absolute PUBLIC_URL sent it to localhost, where it was signed out).
    expect(retried.json().url).toBe('/account/settings?tab=billing&checkout=success');
  });

  it('gives the plan at once: billing, token claim source and the gateway’s quota on the next call', async () => {
    const summary = await billing.summary();
    expect(summary.planId).toBe('basic');
    expect(summary.openCheckout).toBeNull();
    expect(summary.subscription).toMatchObject({
      planId: 'basic',
      cycle: 'monthly',
      currency: 'BRL',
      status: 'active',
    });
    const start = Date.parse(summary.subscription?.currentPeriodStart ?? '');
    const end = Date.parse(summary.subscription?.currentPeriodEnd ?? '');
    expect(end - start).toBeGreaterThanOrEqual(28 * 86_400_000);
    expect(summary.nextPayment).toEqual({
      amount: 2990,
      currency: 'BRL',
      date: summary.subscription?.currentPeriodEnd,
    });
    expect(await planOf(account.organizationId)).toBe('basic');
    expect(await quotaLimit(secret)).toBe(1_000_000);

    const [invoice] = await billing.invoices();
    expect(invoice).toMatchObject({
      status: 'paid',
      amount: 2990,
      currency: 'BRL',
      planId: 'basic',
      hostedUrl: null,
    });
    expect(invoice?.billedTo).toMatchObject({
      taxId: '52998224725',
      city: 'São Paulo',
      email: BILLING_DETAILS.emails[0],
    });
    const page = await billing.call('GET', `/invoices/${invoice?.id}`);
    expect(page.json()).toMatchObject({ id: invoice?.id, number: invoice?.number });
  });

  it('sends "Choose Plan" for another plan to the manage page, and refuses the current one', async () => {
    const same = await billing.checkout({ planId: 'basic', cycle: 'monthly' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'AlreadyOnPlan',
      message: 'Você já está neste plano e ciclo de cobrança.',
    });
    const other = await billing.checkout({ planId: 'pro', cycle: 'yearly' });
    expect(other.statusCode).toBe(200);
    expect(other.json().url).toBe('/billing/manage?plan=pro&cycle=yearly');
  });

  it('applies an upgrade now, charging the new price less what is left of the old period', async () => {
    const response = await billing.manage({ action: 'change', planId: 'pro', cycle: 'monthly' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().subscription).toMatchObject({
      planId: 'pro',
      status: 'active',
      scheduledChange: null,
    });
    expect(await quotaLimit(secret)).toBe(5_000_000);
    const [upgrade] = await billing.invoices();
    expect(upgrade?.planId).toBe('pro');
    // A period barely begun: almost all of Basic's 29,90 is credited against Pro's 79,90.
    expect(upgrade?.amount).toBeGreaterThanOrEqual(7990 - 2990);
    expect(upgrade?.amount).toBeLessThan(7990 - 2900);
  });

  it('keeps a downgrade for the period’s end, then applies it at the renewal', async () => {
    const response = await billing.manage({ action: 'change', planId: 'basic', cycle: 'monthly' });
    expect(response.json().subscription).toMatchObject({
      planId: 'pro',
      scheduledChange: { planId: 'basic', cycle: 'monthly' },
    });
    expect(response.json().nextPayment).toMatchObject({ amount: 2990 });
    expect(await quotaLimit(secret)).toBe(5_000_000);

    await billing.advanceClock(32);
    const renewed = await billing.summary();
    expect(renewed.subscription).toMatchObject({ planId: 'basic', status: 'active', scheduledChange: null });
    expect(await quotaLimit(secret)).toBe(1_000_000);
    const invoices = await billing.invoices();
    expect(invoices).toHaveLength(3);
    expect(invoices[0]).toMatchObject({ planId: 'basic', status: 'paid', amount: 2990 });
  });

  it('cancels at the period’s end: the plan stays, no next payment, then Free', async () => {
    const cancelled = await billing.manage({ action: 'cancel' });
    const summary = cancelled.json();
    expect(summary.subscription.cancelAt).toBe(summary.subscription.currentPeriodEnd);
    expect(summary.nextPayment).toBeNull();
    expect(summary.planId).toBe('basic');

    const resumed = await billing.manage({ action: 'resume' });
    expect(resumed.json().subscription.cancelAt).toBeNull();
    await billing.manage({ action: 'cancel' });

    await billing.advanceClock(32);
    const ended = await billing.summary();
    expect(ended).toMatchObject({ planId: 'free', subscription: null, nextPayment: null });
    expect(await planOf(account.organizationId)).toBe('free');
    expect(await quotaLimit(secret)).toBe(100_000);
    // Nothing more was charged after the cancellation.
    expect(await billing.invoices()).toHaveLength(3);
  });
});
