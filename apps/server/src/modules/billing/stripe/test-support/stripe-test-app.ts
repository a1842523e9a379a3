import type { CheckoutRequest } from '@cotacep/shared/billing-schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { billingClient } from '../../test-support/billing-client.ts';
import { fixture, newId, nowSeconds } from '../test-stripe-objects.ts';
import { startTestStripeServer, type TestStripeServer } from '../test-stripe-server.ts';

export const WEBHOOK_SECRET = 'whsec_test_cotacep_webhooks';
export const WEBHOOK_URL = '/api/billing/webhooks/stripe';

export type StripeTestApp = TestApp & { stripe: TestStripeServer };

/** The real app with PAYMENTS_PROVIDER=stripe, its Stripe API a local test server. */
export async function createStripeTestApp(): Promise<StripeTestApp> {
  const stripe = await startTestStripeServer();
  const test = await createTestApp({
    env: {
      ...GATEWAY_TEST_ENV,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_cotacep',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  return {
    ...test,
    stripe,
    async close() {
      await test.close();
      await stripe.close();
    },
  };
}

/** An event as Stripe sends it (the envelope of Stripe's fixture) around one object. */
export function stripeEvent(type: string, object: unknown, id = newId('evt')): Stripe.Event {
  const envelope = fixture<Stripe.Event>('event');
  return { ...envelope, id, type, created: nowSeconds(), data: { object } } as Stripe.Event;
}

/** Delivers an event as Stripe does: the JSON body signed with the endpoint's secret at `timestamp`. */
export function deliver(
  app: FastifyInstance,
  event: Stripe.Event,
  { secret = WEBHOOK_SECRET, timestamp = nowSeconds() }: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return app.inject({
    method: 'POST',
    url: WEBHOOK_URL,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/** Delivers an event and expects Stripe's answer to be a plain acknowledgement. */
export async function deliverOk(app: FastifyInstance, event: Stripe.Event) {
  const response = await deliver(app, event);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ received: true });
}

export async function getPlanOf(db: Db, organizationId: string) {
  const [user] = await db
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return user?.plan;
}

/** The monthly quota the gateway applies to a key now, read from a real keyed call of a public API. */
export async function getQuotaLimit(app: FastifyInstance, secret: string): Promise<number> {
  const response = await app.inject({ url: '/quotes/json/available', headers: { 'x-api-key': secret } });
  return Number(response.headers['x-quota-limit']);
}

/** The Checkout Session id in the URL the checkout route answered. */
export function sessionIdOf(url: string): string {
  const id = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(url)?.[1];
  expect(id, url).toBeTruthy();
  return id as string;
}

/**
 * Starts a checkout through the portal's route; answers the Checkout Session it created at Stripe. An
 * organization without billing details gets the test ones first (a purchase in reais needs them).
 */
export async function startStripeCheckout(
  test: StripeTestApp,
  account: TestAccount,
  request: CheckoutRequest = { planId: 'basic', cycle: 'monthly' },
  language = 'pt-BR',
): Promise<string> {
  const billing = billingClient(test.app, account, language);
  if ((await billing.details()) === null) await billing.saveDetails();
  const response = await billing.checkout(request);
  expect(response.statusCode, response.body).toBe(200);
  return sessionIdOf((response.json() as { url: string }).url);
}

/** A checkout started, paid on Stripe's page and reported by `checkout.session.completed`. */
export async function subscribe(
  test: StripeTestApp,
  account: TestAccount,
  request: CheckoutRequest = { planId: 'basic', cycle: 'monthly' },
  method: 'card' | 'boleto' = 'card',
) {
  const sessionId = await startStripeCheckout(test, account, request);
  const completed = test.stripe.completeCheckout(sessionId, { method });
  await deliverOk(test.app, stripeEvent('checkout.session.completed', completed.session));
  return completed;
}
