import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents } from '#server/db/schema/billing-events.ts';
import { checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { createAccount } from '#server/test/accounts.ts';
import {
  createStripeTestApp,
  deliver,
  deliverOk,
  getPlanOf,
  type StripeTestApp,
  startStripeCheckout,
  stripeEvent,
  subscribe,
} from './test-support/stripe-test-app.ts';

let test: StripeTestApp;

beforeAll(async () => {
  test = await createStripeTestApp();
});
afterEach(() => test.stripe.fail(null));
afterAll(() => test.close());

const db = () => test.database.db;
const eventRows = (id: string) => db().select().from(billingEvents).where(eq(billingEvents.eventId, id));
const getSubscriptionRow = async (id: string) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

describe('Stripe unavailable while an event is handled', () => {
  it('answers 503 so that Stripe delivers it again, stores nothing, and applies the redelivery', async () => {
    const account = await createAccount(test.app, db());
    const sessionId = await startStripeCheckout(test, account);
    const { session, subscription } = test.stripe.completeCheckout(sessionId);
    const event = stripeEvent('checkout.session.completed', session);
    test.stripe.fail('server-error');

    const response = await deliver(test.app, event);

    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('PaymentsUnavailable');
    expect(await eventRows(event.id)).toEqual([]);
    expect(await getSubscriptionRow(subscription.id)).toBeUndefined();
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
    const [checkout] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(checkout?.status).toBe('open');

    test.stripe.fail(null);
    await deliverOk(test.app, event);
    expect(await eventRows(event.id)).toHaveLength(1);
    expect(await getPlanOf(db(), account.organizationId)).toBe('basic');
  });
});

describe('objects that are not ours', () => {
  it('acknowledges a subscription of no known account and stores nothing', async () => {
    const account = await createAccount(test.app, db());
    const { subscription } = await subscribe(test, account);
    const stranger = {
      ...structuredClone(subscription),
      id: 'sub_test_stranger',
      customer: 'cus_test_stranger',
      metadata: { organizationId: randomUUID() },
    };
    test.stripe.subscriptions.set(stranger.id, stranger);
    const event = stripeEvent('customer.subscription.updated', stranger);

    await deliverOk(test.app, event);

    expect(await getSubscriptionRow('sub_test_stranger')).toBeUndefined();
    expect(await eventRows(event.id)).toEqual([]);
  });

  it('acknowledges a subscription to a price without one of our lookup keys and stores nothing', async () => {
    const account = await createAccount(test.app, db());
    const { subscription } = await subscribe(test, account);
    const foreign = {
      ...test.stripe.prices.get('price_test_pro_monthly_brl')!,
      id: 'price_test_other',
      lookup_key: null,
    };
    test.stripe.prices.set(foreign.id, foreign);
    test.stripe.updateSubscription(subscription.id, { priceId: foreign.id });
    const event = stripeEvent('customer.subscription.updated', subscription);

    await deliverOk(test.app, event);

    expect(await getSubscriptionRow(subscription.id)).toMatchObject({ planId: 'basic' });
    expect(await eventRows(event.id)).toEqual([]);
  });
});

describe('a subscription Stripe no longer has', () => {
  it('takes customer.subscription.deleted’s own copy: the account is back on Free', async () => {
    const account = await createAccount(test.app, db());
    const { subscription } = await subscribe(test, account);
    const endedAt = Math.floor(Date.now() / 1000);
    const last = { ...subscription, status: 'canceled', ended_at: endedAt, canceled_at: endedAt };
    test.stripe.subscriptions.delete(subscription.id);

    await deliverOk(test.app, stripeEvent('customer.subscription.deleted', last));

    expect(await getSubscriptionRow(subscription.id)).toMatchObject({ status: 'canceled' });
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
  });
});
