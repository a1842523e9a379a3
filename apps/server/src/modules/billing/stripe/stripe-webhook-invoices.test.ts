import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { createAccount, createKey } from '#server/test/accounts.ts';
import { BILLING_DETAILS, billingClient } from '../test-support/billing-client.ts';
import {
  createStripeTestApp,
  deliverOk,
  getPlanOf,
  getQuotaLimit,
  type StripeTestApp,
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
const getInvoiceRow = async (id: string) =>
  (await db().select().from(invoices).where(eq(invoices.id, id)))[0];
const getCheckoutRow = async (id: string) =>
  (await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0];

describe('a renewal that fails, then is paid', () => {
  it('goes past_due keeping the plan (grace period), then active again with the invoice paid', async () => {
    const account = await createAccount(test.app, db());
    const { secret } = await createKey(test.app, account);
    const { subscription } = await subscribe(test, account);
    const invoice = test.stripe.addInvoice(subscription.id, { status: 'open' });
    test.stripe.updateSubscription(subscription.id, { status: 'past_due' });

    await deliverOk(test.app, stripeEvent('invoice.payment_failed', invoice));

    expect(await getSubscriptionRow(subscription.id)).toMatchObject({ status: 'past_due' });
    expect(await getPlanOf(db(), account.organizationId)).toBe('basic');
    expect(await getQuotaLimit(test.app, secret)).toBe(1_000_000);
    const client = billingClient(test.app, account);
    expect((await client.summary()).subscription?.graceEndsAt).not.toBeNull();
    const line = invoice.lines.data[0]!;
    expect(await getInvoiceRow(invoice.id)).toMatchObject({
      organizationId: account.organizationId,
      subscriptionId: subscription.id,
      number: invoice.number,
      status: 'open',
      amount: 2990,
      currency: 'BRL',
      planId: 'basic',
      cycle: 'monthly',
      periodStart: new Date(line.period.start * 1000),
      periodEnd: new Date(line.period.end * 1000),
      paidAt: null,
      paymentMethod: 'card',
      hostedUrl: invoice.hosted_invoice_url,
      boletoLine: null,
      billedTo: {
        name: 'Ana Souza',
        // The customer's e-mail: the first billing e-mail (stripe-customer.ts).
        email: BILLING_DETAILS.emails[0],
        taxId: '123.456.789-09',
        addressLine: 'Av. Paulista, 1000, Sala 12',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01310-100',
        country: 'BR',
      },
    });

    test.stripe.payInvoice(invoice.id);
    test.stripe.updateSubscription(subscription.id, { status: 'active' });
    await deliverOk(test.app, stripeEvent('invoice.paid', invoice));

    expect(await getSubscriptionRow(subscription.id)).toMatchObject({ status: 'active', pastDueSince: null });
    expect(await getPlanOf(db(), account.organizationId)).toBe('basic');
    expect((await client.summary()).subscription).toMatchObject({ status: 'active', graceEndsAt: null });
    const [listed] = await client.invoices();
    expect(listed).toMatchObject({
      id: invoice.id,
      status: 'paid',
      amount: 2990,
      hostedUrl: invoice.hosted_invoice_url,
    });
    expect(listed?.paidAt).not.toBeNull();
  });

  it('records voided and uncollectible invoices; an unpaid subscription gives Free', async () => {
    const account = await createAccount(test.app, db());
    const { subscription } = await subscribe(test, account, { planId: 'pro', cycle: 'monthly' });
    const voided = test.stripe.addInvoice(subscription.id, { status: 'open' });
    voided.status = 'void';
    await deliverOk(test.app, stripeEvent('invoice.voided', voided));
    expect(await getInvoiceRow(voided.id)).toMatchObject({ status: 'void', planId: 'pro' });

    const lost = test.stripe.addInvoice(subscription.id, { status: 'open' });
    lost.status = 'uncollectible';
    test.stripe.updateSubscription(subscription.id, { status: 'unpaid' });
    await deliverOk(test.app, stripeEvent('invoice.marked_uncollectible', lost));
    expect(await getInvoiceRow(lost.id)).toMatchObject({ status: 'uncollectible' });
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
  });
});

describe('boleto', () => {
  it('waits as a pending checkout with its boleto line; the plan comes once the bank clears it', async () => {
    const account = await createAccount(test.app, db());
    const { session, subscription } = await subscribe(
      test,
      account,
      { planId: 'basic', cycle: 'yearly' },
      'boleto',
    );

    expect(await getCheckoutRow(session.id)).toMatchObject({
      status: 'pending',
      subscriptionId: subscription.id,
    });
    expect(await getSubscriptionRow(subscription.id)).toMatchObject({
      status: 'incomplete',
      paymentMethod: 'boleto',
    });
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
    const client = billingClient(test.app, account);
    expect((await client.summary()).openCheckout).toMatchObject({
      id: session.id,
      planId: 'basic',
      cycle: 'yearly',
    });

    const invoice = test.stripe.addInvoice(subscription.id, { status: 'open', isBoleto: true });
    await deliverOk(test.app, stripeEvent('invoice.finalized', invoice));
    const [waiting] = await client.invoices();
    expect(waiting).toMatchObject({
      id: invoice.id,
      status: 'open',
      amount: 29900,
      cycle: 'yearly',
      paymentMethod: 'boleto',
      boleto: { line: '23790001246000000000163000008301100000000029900' },
    });
    expect(Date.parse(waiting?.boleto?.expiresAt ?? '')).toBeGreaterThan(Date.now());

    test.stripe.payInvoice(invoice.id);
    test.stripe.updateSubscription(subscription.id, { status: 'active' });
    await deliverOk(test.app, stripeEvent('checkout.session.async_payment_succeeded', session));
    await deliverOk(test.app, stripeEvent('invoice.paid', invoice));

    expect(await getCheckoutRow(session.id)).toMatchObject({ status: 'complete' });
    expect(await getPlanOf(db(), account.organizationId)).toBe('basic');
    expect(await getInvoiceRow(invoice.id)).toMatchObject({ status: 'paid', amount: 29900 });
    expect((await client.summary()).openCheckout).toBeNull();
  });

  it('never paid: the checkout closes and the account stays on Free', async () => {
    const account = await createAccount(test.app, db());
    const { session, subscription } = await subscribe(test, account, undefined, 'boleto');
    const endedAt = Math.floor(Date.now() / 1000);
    test.stripe.updateSubscription(subscription.id, { status: 'incomplete_expired', ended_at: endedAt });

    await deliverOk(test.app, stripeEvent('checkout.session.async_payment_failed', session));

    expect(await getCheckoutRow(session.id)).toMatchObject({ status: 'expired' });
    expect(await getSubscriptionRow(subscription.id)).toMatchObject({ status: 'incomplete_expired' });
    expect(await getPlanOf(db(), account.organizationId)).toBe('free');
    expect((await billingClient(test.app, account).summary()).subscription).toBeNull();
  });
});
