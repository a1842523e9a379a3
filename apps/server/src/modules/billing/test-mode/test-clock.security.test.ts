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

const newCustomer = async () => billingClient(test.app, await createAccount(test.app, test.database.db));
const clockOf = async (billing: ReturnType<typeof billingClient>) =>
  (await billing.call('GET', '/test/clock')).json() as { now: string; offsetDays: number };

describe('the test billing clock belongs to the customer who moves it', () => {
  it('moves only the mover’s renewals; another customer’s period, invoices and clock stay', async () => {
    const mover = await newCustomer();
    const bystander = await newCustomer();
    await mover.subscribe({ planId: 'basic', cycle: 'monthly' });
    await bystander.subscribe({ planId: 'basic', cycle: 'monthly' });
    const before = (await bystander.summary()).subscription;
    const moverBefore = (await mover.summary()).subscription;

    const moved = await mover.advanceClock(32);
    expect(moved.offsetDays).toBe(32);
    expect(await mover.invoices()).toHaveLength(2);
    expect((await mover.summary()).subscription?.currentPeriodStart).toBe(moverBefore?.currentPeriodEnd);

    // Moving the clock swept every account's renewals: the others are still on their own clocks.
    expect((await bystander.summary()).subscription).toEqual(before);
    expect(await bystander.invoices()).toHaveLength(1);
    const bystanderClock = await clockOf(bystander);
    expect(bystanderClock.offsetDays).toBe(0);
    expect(Math.abs(Date.parse(bystanderClock.now) - Date.now())).toBeLessThan(60_000);
    expect((await bystander.advanceClock(1)).offsetDays).toBe(1);
    expect((await clockOf(mover)).offsetDays).toBe(32);
  });

  it('runs a grace period on the account’s own clock', async () => {
    const failing = await newCustomer();
    const bystander = await newCustomer();
    await failing.subscribe({ planId: 'basic', cycle: 'monthly' }, TEST_CARDS.renewalFails);
    await bystander.subscribe({ planId: 'basic', cycle: 'monthly' }, TEST_CARDS.renewalFails);
    await failing.advanceClock(32);
    await bystander.advanceClock(32);
    expect((await failing.summary()).subscription?.status).toBe('past_due');

    await failing.advanceClock(8);
    expect((await failing.summary()).planId).toBe('free');
    const kept = await bystander.summary();
    expect(kept.planId).toBe('basic');
    expect(kept.subscription?.status).toBe('past_due');
  });

  it('refuses to move without a signed-in customer', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/billing/test/clock',
      payload: { days: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});
