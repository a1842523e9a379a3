import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#server/db/schema/invoices.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount } from '#server/test/accounts.ts';
import { listParam } from './test-stripe-routes.ts';
import {
  createStripeTestApp,
  deliverOk,
  type StripeTestApp,
  startStripeCheckout,
  stripeEvent,
  subscribe,
} from './test-support/stripe-test-app.ts';

/** Issue 27 with PAYMENTS_PROVIDER=stripe: what the provider asks Stripe for, seen by the local Stripe server. */
let test: StripeTestApp;

beforeAll(async () => {
  test = await createStripeTestApp();
});
afterAll(() => test.close());

const lastSessionRequest = () => test.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
const invoiceUpdates = (id: string) => test.stripe.requestsTo('POST', `/v1/invoices/${id}`);

async function customerInDollars() {
  const account = await createAccount(test.app, test.database.db);
  await test.database.db
    .update(organizations)
    .set({ currency: 'USD' })
    .where(eq(organizations.id, account.organizationId));
  return account;
}

describe('Pix in Stripe Checkout', () => {
  it('is offered for a yearly plan in reais, valid for 30 minutes', async () => {
    const account = await createAccount(test.app, test.database.db);
    const sessionId = await startStripeCheckout(test, account, { planId: 'pro', cycle: 'yearly' });
    const { params } = lastSessionRequest();
    expect(listParam(params, 'allowed_payment_method_types')).toEqual(['card', 'boleto', 'pix']);
    expect(params.get('payment_method_options[pix][expires_after_seconds]')).toBe('1800');
    expect(test.stripe.sessions.get(sessionId)?.payment_method_options?.pix?.expires_after_seconds).toBe(
      1800,
    );
  });

  it('is not offered for a monthly plan in reais: it renews by card or boleto', async () => {
    const account = await createAccount(test.app, test.database.db);
    await startStripeCheckout(test, account, { planId: 'pro', cycle: 'monthly' });
    const { params } = lastSessionRequest();
    expect(listParam(params, 'allowed_payment_method_types')).toEqual(['card', 'boleto']);
    expect([...params.keys()].filter((key) => key.startsWith('payment_method_options'))).toEqual([]);
  });

  it('is not offered in dollars, yearly or monthly', async () => {
    for (const cycle of ['yearly', 'monthly'] as const) {
      const account = await customerInDollars();
      await startStripeCheckout(test, account, { planId: 'basic', cycle });
      const { params } = lastSessionRequest();
      expect(params.get('line_items[0][price]')).toBe(`price_test_basic_${cycle}_usd`);
      expect(listParam(params, 'allowed_payment_method_types')).toEqual(['card']);
      expect(params.get('payment_method_options[pix][expires_after_seconds]')).toBeNull();
    }
  });
});

describe('Pix on an open invoice’s Stripe page', () => {
  it('is offered when a renewal in reais is finalized open, once however often the event comes', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { subscription } = await subscribe(test, account);
    const invoice = test.stripe.addInvoice(subscription.id, { status: 'open', isBoleto: true });

    await deliverOk(test.app, stripeEvent('invoice.finalized', invoice));
    const [update] = invoiceUpdates(invoice.id);
    expect(listParam(update!.params, 'payment_settings\\[payment_method_types\\]')).toEqual([
      'card',
      'boleto',
      'pix',
    ]);
    expect(update?.params.get('payment_settings[payment_method_options][pix][expires_after_seconds]')).toBe(
      '1800',
    );
    expect(test.stripe.invoices.get(invoice.id)?.payment_settings?.payment_method_types).toContain('pix');
    // The invoice is applied as ever, its boleto kept.
    const [row] = await test.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({
      status: 'open',
      paymentMethod: 'boleto',
      hostedUrl: invoice.hosted_invoice_url,
    });

    await deliverOk(test.app, stripeEvent('invoice.finalized', invoice));
    expect(invoiceUpdates(invoice.id)).toHaveLength(1);
  });

  it('is not asked for an invoice in dollars, an invoice already paid, or a subscription’s first invoice', async () => {
    const inDollars = await customerInDollars();
    const usd = test.stripe.addInvoice((await subscribe(test, inDollars)).subscription.id, {
      status: 'open',
    });
    await deliverOk(test.app, stripeEvent('invoice.finalized', usd));

    const reais = await createAccount(test.app, test.database.db);
    const { subscription } = await subscribe(test, reais);
    const paid = test.stripe.addInvoice(subscription.id, { status: 'paid' });
    await deliverOk(test.app, stripeEvent('invoice.finalized', paid));
    const first = test.stripe.addInvoice(subscription.id, { status: 'open' });
    first.billing_reason = 'subscription_create';
    await deliverOk(test.app, stripeEvent('invoice.finalized', first));

    for (const invoice of [usd, paid, first]) expect(invoiceUpdates(invoice.id)).toEqual([]);
    expect(usd.currency).toBe('usd');
  });

  it('is refused by Stripe for a currency other than reais (the local server speaks Stripe’s refusal)', async () => {
    const inDollars = await customerInDollars();
    const usd = test.stripe.addInvoice((await subscribe(test, inDollars)).subscription.id, {
      status: 'open',
    });
    const response = await fetch(`${test.stripe.url}/v1/invoices/${usd.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_settings[payment_method_types][0]=pix',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });
});
