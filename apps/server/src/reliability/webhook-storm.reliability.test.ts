import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizations } from '#server/db/schema/organizations.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { billingEvents } from '../db/schema/billing-events.ts';
import { invoices } from '../db/schema/invoices.ts';
import {
  createStripeTestApp,
  deliver,
  type StripeTestApp,
  startStripeCheckout,
  stripeEvent,
} from '../modules/billing/stripe/test-support/stripe-test-app.ts';
import { createAccount } from '../test/accounts.ts';

/**
 * A storm of Stripe webhooks on two instances sharing one database: every event of 20 customers' lives
 * (checkout, upgrade, invoice paid, some cancelled) delivered three times each, shuffled, all at once,
 * half to each instance. The end state must be Stripe's: each event applied once, each plan right.
 */
const CUSTOMERS = 20;
const COPIES = 3;

let test: StripeTestApp;
let second: FastifyInstance;

beforeAll(async () => {
  test = await createStripeTestApp();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_cotacep',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_cotacep_webhooks',
    STRIPE_API_URL: test.stripe.url,
  });
  second = await buildApp({ config, database: test.database });
  await second.ready();
});

afterAll(async () => {
  await second?.close();
  await test?.close();
});

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

it('applies each of hundreds of duplicated, reordered, parallel deliveries once and ends in Stripe’s state', async () => {
  const db = test.database.db;
  const lives: Array<{ userId: string; expectedPlan: string; events: Stripe.Event[]; invoiceId: string }> =
    [];
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const account = await createAccount(test.app, db);
    const sessionId = await startStripeCheckout(test, account);
    const { session, subscription } = test.stripe.completeCheckout(sessionId);
    const events = [stripeEvent('checkout.session.completed', session)];
    test.stripe.updateSubscription(subscription.id, { priceId: 'price_test_pro_monthly_brl' });
    events.push(stripeEvent('customer.subscription.updated', subscription));
    const invoice = test.stripe.addInvoice(subscription.id, { status: 'open' });
    events.push(stripeEvent('invoice.finalized', { ...invoice }));
    test.stripe.payInvoice(invoice.id);
    events.push(stripeEvent('invoice.paid', invoice));
    const isCancelled = index % 4 === 0;
    if (isCancelled) {
      test.stripe.updateSubscription(subscription.id, {
        status: 'canceled',
        ended_at: Math.floor(Date.now() / 1000),
      });
      events.push(stripeEvent('customer.subscription.deleted', subscription));
    }
    lives.push({
      userId: account.userId,
      expectedPlan: isCancelled ? 'free' : 'pro',
      events,
      invoiceId: invoice.id,
    });
  }

  const deliveries = shuffled(
    lives.flatMap((life) => life.events.flatMap((event) => Array(COPIES).fill(event))),
  );
  const started = performance.now();
  const answers = await Promise.all(
    deliveries.map((event: Stripe.Event, index) => deliver(index % 2 === 0 ? test.app : second, event)),
  );
  const seconds = (performance.now() - started) / 1000;

  const failed = answers.filter((answer) => answer.statusCode !== 200);
  const uniqueEvents = lives.flatMap((life) => life.events.map((event) => event.id));
  const stored = await db
    .select({ id: billingEvents.eventId })
    .from(billingEvents)
    .where(inArray(billingEvents.eventId, uniqueEvents));
  const wrongPlans = [];
  for (const life of lives) {
    const [user] = await db
      .select({ plan: organizations.plan })
      .from(organizations)
      .where(eq(organizations.id, life.userId));
    if (user?.plan !== life.expectedPlan)
      wrongPlans.push({ userId: life.userId, plan: user?.plan, expected: life.expectedPlan });
  }
  const paid = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        lives.map((life) => life.invoiceId),
      ),
    );

  console.log(
    `webhook storm: ${deliveries.length} deliveries of ${uniqueEvents.length} events in ${seconds.toFixed(1)} s on 2 instances · ` +
      `refused ${failed.length} (target 0) · events stored ${stored.length} (target ${uniqueEvents.length}) · ` +
      `wrong plans ${wrongPlans.length} (target 0)`,
  );
  expect(failed.map((answer) => answer.body)).toEqual([]);
  expect(stored).toHaveLength(uniqueEvents.length);
  expect(wrongPlans).toEqual([]);
  expect(paid).toHaveLength(CUSTOMERS);
}, 300_000);
