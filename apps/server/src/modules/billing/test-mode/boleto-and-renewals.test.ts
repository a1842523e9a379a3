import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { billingClient } from '../test-support/billing-client.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, BILLING_GRACE_DAYS: '7' } });
});
afterAll(() => test.close());

const newCustomer = async () =>
  billingClient(test.app, await createAccount(test.app, test.database.db), 'pt-BR');

describe('boleto', () => {
  it('stays pending, without the plan, until the bank says paid', async () => {
    const billing = await newCustomer();
    const id = await billing.startCheckout({ planId: 'pro', cycle: 'yearly' });
    const issued = await billing.pay(id, { method: 'boleto' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().url).toMatch(new RegExp(`/billing/checkout/${id}$`));

    const pending = await billing.getCheckout(id);
    expect(pending.status).toBe('pending');
    expect(pending.boleto?.line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    const waiting = await billing.summary();
    expect(waiting.planId).toBe('free');
    expect(waiting.openCheckout).toMatchObject({ id, planId: 'pro', cycle: 'yearly' });
    const [invoice] = await billing.invoices();
    expect(invoice).toMatchObject({ status: 'open', paymentMethod: 'boleto', amount: 79900 });
    // A second checkout waits for this boleto.
    expect((await billing.checkout({ planId: 'basic', cycle: 'monthly' })).statusCode).toBe(409);

    const paid = await billing.call('POST', `/test/checkouts/${id}/boleto`, { outcome: 'paid' });
    expect(paid.json().status).toBe('complete');
    const summary = await billing.summary();
    expect(summary).toMatchObject({ planId: 'pro', openCheckout: null });
    expect(summary.subscription).toMatchObject({
      status: 'active',
      paymentMethod: 'boleto',
      cycle: 'yearly',
    });
    expect((await billing.invoices())[0]?.status).toBe('paid');
  });

  it('ends an unpaid checkout when the boleto expires, and a new checkout may start', async () => {
    const billing = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    await billing.pay(id, { method: 'boleto' });
    await billing.call('POST', `/test/checkouts/${id}/boleto`, { outcome: 'expired' });
    expect(await billing.summary()).toMatchObject({ planId: 'free', subscription: null, openCheckout: null });
    expect((await billing.invoices())[0]?.status).toBe('void');
    await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
  });
});

describe('a boleto subscription’s renewal', () => {
  it('issues a new boleto each period: paid keeps the plan, expired makes the subscription past due', async () => {
    const billing = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    await billing.pay(id, { method: 'boleto' });
    await billing.call('POST', `/test/checkouts/${id}/boleto`, { outcome: 'paid' });

    await billing.advanceClock(31);
    const [renewal] = await billing.invoices();
    expect(renewal).toMatchObject({ status: 'open', paymentMethod: 'boleto', amount: 2990 });
    expect(renewal?.boleto?.line).toMatch(/^\d{5}\./);
    expect((await billing.summary()).subscription?.status).toBe('active');
    const paid = await billing.call('POST', `/test/invoices/${renewal?.id}/boleto`, { outcome: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await billing.invoices())[0]?.status).toBe('paid');

    await billing.advanceClock(31);
    const [next] = await billing.invoices();
    const expired = await billing.call('POST', `/test/invoices/${next?.id}/boleto`, { outcome: 'expired' });
    expect(expired.json().subscription).toMatchObject({ status: 'past_due' });
    expect(expired.json().planId).toBe('basic');
    const again = await billing.call('POST', `/test/invoices/${next?.id}/boleto`, { outcome: 'paid' });
    expect(again.statusCode).toBe(409);
  });
});

describe('a failed renewal', () => {
  it('keeps the plan through the grace period with a way to pay, then falls to Free', async () => {
    const failing = await newCustomer();
    await failing.subscribe({ planId: 'basic', cycle: 'monthly' }, TEST_CARDS.renewalFails);
    const fixing = await newCustomer();
    await fixing.subscribe({ planId: 'basic', cycle: 'monthly' }, TEST_CARDS.renewalFails);

    // Each customer's billing clock is its own.
    await failing.advanceClock(32);
    await fixing.advanceClock(32);
    for (const billing of [failing, fixing]) {
      const pastDue = await billing.summary();
      expect(pastDue.planId).toBe('basic');
      expect(pastDue.subscription?.status).toBe('past_due');
      expect(Date.parse(pastDue.subscription?.graceEndsAt ?? '')).toBeGreaterThan(
        Date.now() + 6 * 86_400_000,
      );
      expect((await billing.invoices())[0]).toMatchObject({ status: 'open', amount: 2990 });
    }

    const declined = await fixing.manage({ action: 'pay', cardNumber: TEST_CARDS.declined });
    expect(declined.statusCode).toBe(402);
    const fixed = await fixing.manage({ action: 'pay', cardNumber: TEST_CARDS.success });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().subscription).toMatchObject({ status: 'active', graceEndsAt: null });

    await failing.advanceClock(8);
    const fallen = await failing.summary();
    expect(fallen.planId).toBe('free');
    expect(fallen.subscription?.status).toBe('unpaid');
    expect((await fixing.summary()).planId).toBe('basic');
  });
});
