import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount } from '#server/test/accounts.ts';
import { BILLING_DETAILS, billingClient } from '../test-support/billing-client.ts';
import { listParam } from './test-stripe-routes.ts';
import {
  createStripeTestApp,
  type StripeTestApp,
  startStripeCheckout,
  subscribe,
} from './test-support/stripe-test-app.ts';

let test: StripeTestApp;

beforeAll(async () => {
  test = await createStripeTestApp();
});
afterAll(() => test.close());

const customersCreatedFor = (organizationId: string) =>
  test.stripe
    .requestsTo('POST', '/v1/customers')
    .filter((r) => r.params.get('metadata[organizationId]') === organizationId);
const lastSessionRequest = () => test.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;

describe('checkout through Stripe', () => {
  it('creates the Stripe customer once: a second checkout of the account reuses it', async () => {
    const account = await createAccount(test.app, test.database.db);
    const first = await startStripeCheckout(test, account);
    const [customer] = customersCreatedFor(account.organizationId);
    // Made with the billing details the checkout needed (stripe-customer.test.ts).
    expect(customer?.params.get('email')).toBe(BILLING_DETAILS.emails[0]);
    expect(customer?.headers['idempotency-key']).toMatch(
      new RegExp(`^cotacep-customer-${account.organizationId}-`),
    );
    const [stored] = await test.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, account.organizationId));
    expect(stored).toMatchObject({
      provider: 'stripe',
      customerId: test.stripe.sessions.get(first)?.customer,
    });

    const cancel = await billingClient(test.app, account).call('POST', '/checkout/cancel');
    expect(cancel.statusCode).toBe(204);
    expect(test.stripe.sessions.get(first)?.status).toBe('expired');
    const second = await startStripeCheckout(test, account, { planId: 'pro', cycle: 'yearly' });

    expect(customersCreatedFor(account.organizationId)).toHaveLength(1);
    expect(test.stripe.sessions.get(second)?.customer).toBe(stored?.customerId);
    const rows = await test.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.organizationId, account.organizationId));
    expect(rows.map((row) => [row.id, row.status, row.planId, row.amount]).sort()).toEqual(
      [
        [first, 'expired', 'basic', 2990],
        [second, 'open', 'pro', 79900],
      ].sort(),
    );
  });

  it('asks for the plan’s price by lookup key, once, with card and boleto in BRL', async () => {
    const account = await createAccount(test.app, test.database.db);
    const priceLookups = () =>
      test.stripe
        .requestsTo('GET', '/v1/prices')
        .filter((r) => r.params.get('lookup_keys[0]') === 'business_monthly_brl');
    await startStripeCheckout(test, account, { planId: 'business', cycle: 'monthly', currency: 'BRL' });
    const { params } = lastSessionRequest();

    expect(priceLookups()).toHaveLength(1);
    expect(params.get('mode')).toBe('subscription');
    expect(params.get('line_items[0][price]')).toBe('price_test_business_monthly_brl');
    expect(params.get('line_items[0][quantity]')).toBe('1');
    expect(listParam(params, 'allowed_payment_method_types')).toEqual(['card', 'boleto']);
    // The customer has the CPF and the address from the billing details: the page asks neither again.
    expect(params.get('billing_address_collection')).toBe('auto');
    expect(params.has('tax_id_collection[enabled]')).toBe(false);
    expect(params.get('client_reference_id')).toBe(account.organizationId);
    expect(params.get('subscription_data[metadata][organizationId]')).toBe(account.organizationId);
    expect(params.get('locale')).toBe('pt-BR');
    expect(params.get('success_url')).toMatch(
      /^http:\/\/localhost:\d+\/account\/settings\?tab=billing&checkout=success$/,
    );
    expect(params.get('cancel_url')).toMatch(/^http:\/\/localhost:\d+\/pricing\?checkout=cancelled$/);

    await billingClient(test.app, account).call('POST', '/checkout/cancel');
    await startStripeCheckout(test, account, { planId: 'business', cycle: 'monthly', currency: 'BRL' });
    expect(priceLookups()).toHaveLength(1);
  });

  it("offers card only in USD, the customer's currency, whatever the language", async () => {
    const account = await createAccount(test.app, test.database.db);
    await test.database.db
      .update(organizations)
      .set({ currency: 'USD' })
      .where(eq(organizations.id, account.organizationId));
    await startStripeCheckout(test, account, { planId: 'pro', cycle: 'monthly' }, 'pt-BR');
    const { params } = lastSessionRequest();
    expect(params.get('line_items[0][price]')).toBe('price_test_pro_monthly_usd');
    expect(listParam(params, 'allowed_payment_method_types')).toEqual(['card']);
    expect(params.get('locale')).toBe('pt-BR');
  });
});

describe('the Billing Portal', () => {
  it('sends a subscriber to manage the subscription and back to the Billing tab', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { subscription } = await subscribe(test, account);
    const response = await billingClient(test.app, account, 'en').call('POST', '/portal');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const { params } = test.stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!;
    expect(params.get('customer')).toBe(subscription.customer);
    expect(params.get('return_url')).toMatch(/\/account\/settings\?tab=billing$/);
    expect(params.get('locale')).toBe('en');
    expect(params.get('flow_data[type]')).toBeNull();
  });

  it('takes a subscriber who chooses another plan to Stripe’s confirmation of the new price', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { subscription } = await subscribe(test, account);
    const response = await billingClient(test.app, account).checkout({ planId: 'pro', cycle: 'yearly' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const { params } = test.stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!;
    const confirm = 'flow_data[subscription_update_confirm]';
    expect(params.get('customer')).toBe(subscription.customer);
    expect(params.get('flow_data[type]')).toBe('subscription_update_confirm');
    expect(params.get(`${confirm}[subscription]`)).toBe(subscription.id);
    expect(params.get(`${confirm}[items][0][id]`)).toBe(subscription.items.data[0]?.id);
    // The subscription's own currency, whatever the request's language.
    expect(params.get(`${confirm}[items][0][price]`)).toBe('price_test_pro_yearly_brl');
    expect(params.get('flow_data[after_completion][type]')).toBe('redirect');
    expect(params.get('flow_data[after_completion][redirect][return_url]')).toMatch(/tab=billing$/);
  });
});
