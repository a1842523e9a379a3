import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { billingEvents } from '#server/db/schema/billing-events.ts';
import { checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { createAccount, createKey } from '#server/test/accounts.ts';
import { billingClient } from '../test-support/billing-client.ts';
import {
  createStripeTestApp,
  deliverOk,
  getPlanOf,
  getQuotaLimit,
  type StripeTestApp,
  startStripeCheckout,
  stripeEvent,
  subscribe,
} from './test-support/stripe-test-app.ts';

let test: StripeTestApp;

beforeAll(async () => {
  test = await createStripeTestApp();
});
afterAll(() => test.close());

const db = () => test.database.db;
const getSubscriptionRow = async (id: string) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const getCheckoutRow = async (id: string) =>
  (await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0];

describe('checkout.session.completed', () => {
  it('moves the account to the plan bought; the gateway’s limits and the Billing tab follow', async () => {
    const account = await createAccount(test.app, db());
    const { secret } = await createKey(test.app, account);
    expect(await getQuotaLimit(test.app, secret)).toBe(100_000);

    const { session, subscription } = await subscribe(test, account);

    expect(await getPlanOf(db(), account.organizationId)).toBe('basic');
    expect(await getQuotaLimit(test.app, secret)).toBe(1_000_000);
    const item = subscription.items.data[0]!;
    expect(await getSubscriptionRow(subscription.id)).toMatchObject({
      provider: 'stripe',
      organizationId: account.organizationId,
      planId: 'basic',
      cycle: 'monthly',
      currency: 'BRL',
      status: 'active',
      paymentMethod: 'card',
      currentPeriodStart: new Date(item.current_period_start * 1000),
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: false,
      endedAt: null,
    });
    expect(await getCheckoutRow(session.id)).toMatchObject({
      status: 'complete',
      subscriptionId: subscription.id,
    });
    const [stored] = await db()
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, account.organizationId));
    expect(stored).toMatchObject({ provider: 'stripe', customerId: subscription.customer });
    // What Stripe's page asked stays Stripe's: the organization's billing details are its own (issue 27).
    expect((await billingClient(test.app, account).details())?.legalName).toBe('Gi Lima');
    expect(await billingClient(test.app, account).summary()).toMatchObject({
      provider: 'stripe',
      planId: 'basic',
      subscription: { planId: 'basic', status: 'active', cancelAt: null },
      nextPayment: { amount: 2990, currency: 'BRL' },
      openCheckout: null,
    });
  });

  it('ends right when customer.subscription.* events arrive first, one of them stale', async () => {
    const account = await createAccount(test.app, db());
    const sessionId = await startStripeCheckout(test, account);
    const { session, subscription } = test.stripe.completeCheckout(sessionId);
    const created = structuredClone({ ...subscription, status: 'incomplete' }) as Stripe.Subscription;
    // At once upgraded to Pro in the portal: Stripe's newest state.
    test.stripe.updateSubscription(subscription.id, { priceId: 'price_test_pro_monthly_brl' });

    await deliverOk(test.app, stripeEvent('customer.subscription.updated', subscription));
    await deliverOk(test.app, stripeEvent('customer.subscription.created', created));
    await deliverOk(test.app, stripeEvent('checkout.session.completed', session));

    expect(await getSubscriptionRow(subscription.id)).toMatchObject({ planId: 'pro', status: 'active' });
    expect(await getPlanOf(db(), account.organizationId)).toBe('pro');
    expect(await getCheckoutRow(session.id)).toMatchObject({
      status: 'complete',
      subscriptionId: subscription.id,
    });
  });
});

describe('customer.subscription.*', () => {
  it('keeps the plan through a cancellation at the period’s end; deleted, back to Free', async () => {
    const account = await createAccount(test.app, db());
    const { secret } = await createKey(test.app, account);
    const { subscription } = await subscribe(test, account, { planId: 'pro', cycle: 'yearly' });
    expect(await getQuotaLimit(test.app, secret)).toBe(5_000_000);

    test.stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    await deliverOk(test.app, stripeEvent('customer.subscription.updated', subscription));
    expect(await getSubscriptionRow(subscription.id)).toMatchObject({
      cancelAtPeriodEnd: true,
      status: 'active',
    });
    expect(await getPlanOf(db(), account.organizationId)).toBe('pro');
    const summary = await billingClient(test.app, account).summary();
    expect(summary.subscription?.cancelAt).toBe(summary.subscription?.currentPeriodEnd);
    expect(summary.nextPayment).toBeNull();

    const endedAt = Math.floor(Date.now() / 1000);
    test.stripe.updateSubscription(subscription.id, {
      status: 'canceled',
      ended_at: endedAt,
      canceled_at: endedAt,
    });
    await deliverOk(test.app, stripeEvent('customer.subscription.deleted', subscription));

    expect(await getSubscriptionRow(subscription.id)).toMatchObject({
      status: 'canceled',
      endedAt: new Date(endedAt * 1000),
    });
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
    expect(await getQuotaLimit(test.app, secret)).toBe(100_000);
    expect((await billingClient(test.app, account).summary()).subscription).toBeNull();
  });

  it('shows a downgrade the portal scheduled for the period’s end, keeping the plan until then', async () => {
    const account = await createAccount(test.app, db());
    const { subscription } = await subscribe(test, account, { planId: 'business', cycle: 'monthly' });
    const item = subscription.items.data[0]!;
    const phase = (start: number, end: number, priceId: string) => ({
      start_date: start,
      end_date: end,
      items: [{ price: test.stripe.prices.get(priceId), quantity: 1 }],
    });
    const schedule = {
      id: 'sub_sched_test_downgrade',
      object: 'subscription_schedule',
      phases: [
        phase(item.current_period_start, item.current_period_end, 'price_test_business_monthly_brl'),
        phase(item.current_period_end, item.current_period_end + 2_592_000, 'price_test_basic_monthly_brl'),
      ],
    } as unknown as Stripe.SubscriptionSchedule;
    test.stripe.updateSubscription(subscription.id, { schedule });
    await deliverOk(test.app, stripeEvent('customer.subscription.updated', subscription));

    expect(await getSubscriptionRow(subscription.id)).toMatchObject({
      planId: 'business',
      scheduledPlanId: 'basic',
      scheduledCycle: 'monthly',
    });
    expect(await getPlanOf(db(), account.organizationId)).toBe('business');
  });

  it('finds the account of a subscription without our metadata by its customer', async () => {
    const account = await createAccount(test.app, db());
    const { subscription } = await subscribe(test, account);
    test.stripe.updateSubscription(subscription.id, {
      metadata: {},
      priceId: 'price_test_business_yearly_brl',
    });
    await deliverOk(test.app, stripeEvent('customer.subscription.updated', subscription));
    expect(await getSubscriptionRow(subscription.id)).toMatchObject({ planId: 'business', cycle: 'yearly' });
    expect(await getPlanOf(db(), account.organizationId)).toBe('business');
  });
});

describe('other events', () => {
  it('checkout.session.expired closes the checkout, so a new one can start', async () => {
    const account = await createAccount(test.app, db());
    const sessionId = await startStripeCheckout(test, account);
    const session = test.stripe.sessions.get(sessionId)!;
    session.status = 'expired';
    await deliverOk(test.app, stripeEvent('checkout.session.expired', session));
    expect(await getCheckoutRow(sessionId)).toMatchObject({ status: 'expired' });
    expect(await startStripeCheckout(test, account)).not.toBe(sessionId);
  });

  it('acknowledges an event of a type it does not use, and stores nothing', async () => {
    const account = await createAccount(test.app, db());
    const { subscription } = await subscribe(test, account);
    const requestsBefore = test.stripe.requests.length;
    const event = stripeEvent('customer.subscription.trial_will_end', subscription);
    await deliverOk(test.app, event);
    await deliverOk(test.app, stripeEvent('plan.created', { id: 'plan_test', object: 'plan' }));
    expect(await db().select().from(billingEvents).where(eq(billingEvents.eventId, event.id))).toEqual([]);
    expect(test.stripe.requests.length).toBe(requestsBefore);
  });
});
