import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingEvents } from '#server/db/schema/billing-events.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { applyBillingChange } from '../subscription-state.ts';
import { nowSeconds } from './test-stripe-objects.ts';
import {
  createStripeTestApp,
  deliver,
  deliverOk,
  getPlanOf,
  type StripeTestApp,
  startStripeCheckout,
  stripeEvent,
  subscribe,
  WEBHOOK_SECRET,
  WEBHOOK_URL,
} from './test-support/stripe-test-app.ts';

// The real function, watched: how many deliveries it applied (answered true) is the side effect to count.
vi.mock('../subscription-state.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../subscription-state.ts')>();
  return { ...actual, applyBillingChange: vi.fn(actual.applyBillingChange) };
});
const appliedChanges = () =>
  vi.mocked(applyBillingChange).mock.settledResults.filter((result) => result.value === true).length;

let test: StripeTestApp;

beforeAll(async () => {
  test = await createStripeTestApp();
});
afterAll(() => test.close());

const db = () => test.database.db;
const eventRows = (id: string) =>
  db()
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, 'stripe'), eq(billingEvents.eventId, id)));

/** A paid checkout's event, not yet delivered: what a forger would like the portal to believe. */
async function paidCheckoutEvent(account: TestAccount) {
  const sessionId = await startStripeCheckout(test, account);
  const { session, subscription } = test.stripe.completeCheckout(sessionId);
  return { event: stripeEvent('checkout.session.completed', session), subscription };
}

async function expectRefused(response: Awaited<ReturnType<typeof deliver>>) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    code: 'WebhookSignatureInvalid',
    // Stripe sends no Accept-Language: the portal's default language.
    message: 'A verificação da assinatura do webhook falhou.',
    requestId: expect.any(String),
  });
}

describe('webhook signatures', () => {
  it('refuses an event signed with another secret, and changes nothing', async () => {
    const account = await createAccount(test.app, db());
    const { event, subscription } = await paidCheckoutEvent(account);
    const retrievals = test.stripe.requestsTo('GET', `/v1/subscriptions/${subscription.id}`).length;

    await expectRefused(await deliver(test.app, event, { secret: 'whsec_forged' }));

    expect(await eventRows(event.id)).toEqual([]);
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
    expect(test.stripe.requestsTo('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(retrievals);
  });

  it('refuses a body changed after signing', async () => {
    const account = await createAccount(test.app, db());
    const { event } = await paidCheckoutEvent(account);
    const signed = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: signed, secret: WEBHOOK_SECRET });
    const response = await test.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: signed.replace('"livemode":false', '"livemode":true'),
    });
    await expectRefused(response);
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
  });

  it('refuses a timestamp older than the 300 s tolerance (a replay), accepts one within it', async () => {
    const account = await createAccount(test.app, db());
    const { event } = await paidCheckoutEvent(account);

    await expectRefused(await deliver(test.app, event, { timestamp: nowSeconds() - 301 }));
    expect(await eventRows(event.id)).toEqual([]);

    const fresh = await deliver(test.app, event, { timestamp: nowSeconds() - 240 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await getPlanOf(db(), account.organizationId)).toBe('basic');
  });

  it('refuses a delivery without Stripe-Signature, or with a signed body that is not JSON', async () => {
    const account = await createAccount(test.app, db());
    const { event } = await paidCheckoutEvent(account);
    const unsigned = await test.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    await expectRefused(unsigned);

    const garbage = '{"id": "evt_broken", ';
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: garbage, secret: WEBHOOK_SECRET });
    const broken = await test.app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: garbage,
    });
    await expectRefused(broken);
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
  });
});

describe('webhook deliveries applied once', () => {
  it('applies a redelivered event once, without asking Stripe again', async () => {
    const account = await createAccount(test.app, db());
    const { event, subscription } = await paidCheckoutEvent(account);
    await deliverOk(test.app, event);
    const retrievals = test.stripe.requestsTo('GET', `/v1/subscriptions/${subscription.id}`).length;
    const appliedBefore = appliedChanges();

    await deliverOk(test.app, event);

    expect(appliedChanges()).toBe(appliedBefore);
    expect(await eventRows(event.id)).toHaveLength(1);
    expect(test.stripe.requestsTo('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(retrievals);
    expect(await getPlanOf(db(), account.organizationId)).toBe('basic');
  });

  it('applies 50 copies of one event delivered at the same time once', async () => {
    const account = await createAccount(test.app, db());
    const { subscription } = await subscribe(test, account);
    const invoice = test.stripe.addInvoice(subscription.id, { status: 'open' });
    test.stripe.payInvoice(invoice.id);
    const event = stripeEvent('invoice.paid', invoice);
    const appliedBefore = appliedChanges();

    const responses = await Promise.all(Array.from({ length: 50 }, () => deliver(test.app, event)));

    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(appliedChanges() - appliedBefore).toBe(1);
    expect(await eventRows(event.id)).toHaveLength(1);
    const stored = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.organizationId, account.organizationId));
    expect(stored.map((row) => [row.id, row.status])).toEqual([[invoice.id, 'paid']]);
    const subscribed = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, account.organizationId));
    expect(subscribed.map((row) => [row.id, row.status])).toEqual([[subscription.id, 'active']]);
    expect(await getPlanOf(db(), account.organizationId)).toBe('basic');
  });
});
