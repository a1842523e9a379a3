import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema/organizations.ts';
import { drainAfterResponse } from '#server/lib/after-response.ts';
import { createAccount } from '#server/test/accounts.ts';
import { BILLING_DETAILS, billingClient, US_BILLING_DETAILS } from '../test-support/billing-client.ts';
import {
  createStripeTestApp,
  type StripeTestApp,
  sessionIdOf,
  startStripeCheckout,
} from './test-support/stripe-test-app.ts';

// Issue 27: the organization's Stripe customer says what its billing details say, so Stripe's own invoices
// and receipts name the CPF/CNPJ and address and go to the billing e-mail, and its checkout asks none again.
let test: StripeTestApp;
beforeAll(async () => {
  test = await createStripeTestApp();
});
afterAll(() => test.close());

const customerOf = (sessionId: string) =>
  test.stripe.customers.get(String(test.stripe.sessions.get(sessionId)?.customer))!;
const callsTo = (method: string, customerId: string) =>
  test.stripe.requests.filter(
    (request) => request.method === method && request.path.startsWith(`/v1/customers/${customerId}`),
  );

describe('the Stripe customer and the billing details', () => {
  it('is made with the legal name, the first billing e-mail, the address and the CPF', async () => {
    const account = await createAccount(test.app, test.database.db);
    const customer = customerOf(
      await startStripeCheckout(test, account, { planId: 'pro', cycle: 'monthly', currency: 'BRL' }),
    );
    expect(customer).toMatchObject({
      name: 'Gi Lima',
      email: 'financeiro@gilima.example',
      address: {
        line1: 'Praça da Sé, 100',
        line2: 'Sé',
        city: 'São Paulo',
        state: 'SP',
        postal_code: '01001000',
        country: 'BR',
      },
    });
    expect(test.stripe.taxIdsOf(customer.id)).toEqual(['br_cpf 529.982.247-25']);
  });

  it('follows a change of the details after the answer; the CPF is replaced only when it changed', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account);
    const customer = customerOf(await startStripeCheckout(test, account));

    await billing.saveDetails({
      ...BILLING_DETAILS,
      legalName: 'Gi Lima Serviços',
      emails: ['contas@gilima.example'],
    });
    await drainAfterResponse();
    expect(customer).toMatchObject({ name: 'Gi Lima Serviços', email: 'contas@gilima.example' });
    expect(callsTo('DELETE', customer.id)).toHaveLength(0);
    expect(test.stripe.taxIdsOf(customer.id)).toEqual(['br_cpf 529.982.247-25']);

    await billing.saveDetails({ ...BILLING_DETAILS, legalName: 'Gi Lima Ltda', taxId: '11.222.333/0001-81' });
    await drainAfterResponse();
    expect(customer.name).toBe('Gi Lima Ltda');
    expect(test.stripe.taxIdsOf(customer.id)).toEqual(['br_cnpj 11.222.333/0001-81']);
  });

  it('abroad: the address and no tax id; a checkout without details asks Stripe’s page for them', async () => {
    const account = await createAccount(test.app, test.database.db);
    await test.database.db
      .update(organizations)
      .set({ currency: 'USD' })
      .where(eq(organizations.id, account.organizationId));
    const billing = billingClient(test.app, account);
    const response = await billing.checkout({ planId: 'basic', cycle: 'monthly' });
    expect(response.statusCode, response.body).toBe(200);
    const sessionId = sessionIdOf(response.json().url);
    const asked = test.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.params;
    expect(asked.get('billing_address_collection')).toBe('required');
    expect(asked.get('tax_id_collection[enabled]')).toBe('true');
    expect(asked.get('customer_update[address]')).toBe('auto');
    const customer = customerOf(sessionId);
    expect(customer.email).toBe(account.email);

    await billing.saveDetails(US_BILLING_DETAILS);
    await drainAfterResponse();
    expect(customer).toMatchObject({
      name: 'Ada Lovelace LLC',
      email: 'ap@lovelace.example',
      address: {
        line1: '1 Main Street',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
      },
    });
    expect(test.stripe.taxIdsOf(customer.id)).toEqual([]);
  });

  it('Stripe down: the details are saved all the same, and the next checkout brings the customer up to date', async () => {
    const account = await createAccount(test.app, test.database.db);
    const billing = billingClient(test.app, account);
    const first = await startStripeCheckout(test, account);
    const customer = customerOf(first);
    await billing.call('POST', '/checkout/cancel');

    test.stripe.fail('server-error');
    const saved = await billing.saveDetails({ ...BILLING_DETAILS, legalName: 'Gi Lima ME' });
    await drainAfterResponse();
    test.stripe.fail(null);
    expect(saved.legalName).toBe('Gi Lima ME');
    expect((await billing.details())?.legalName).toBe('Gi Lima ME');
    expect(customer.name).toBe('Gi Lima');

    await startStripeCheckout(test, account, { planId: 'pro', cycle: 'monthly' });
    expect(customer.name).toBe('Gi Lima ME');
  });
});
