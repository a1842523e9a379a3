import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from '#server/db/schema/billing-accounts.ts';
import { checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp } from '#server/test/app.ts';
import { billingClient } from '../test-support/billing-client.ts';
import { startTestStripeServer } from './test-stripe-server.ts';
import {
  createStripeTestApp,
  type StripeTestApp,
  subscribe,
  WEBHOOK_SECRET,
} from './test-support/stripe-test-app.ts';

let test: StripeTestApp;

beforeAll(async () => {
  test = await createStripeTestApp();
});
afterEach(() => test.stripe.fail(null));
afterAll(() => test.close());

async function expectNothingStored(account: TestAccount) {
  const { db } = test.database;
  expect(
    await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.organizationId, account.organizationId)),
  ).toEqual([]);
  expect(
    await db.select().from(billingAccounts).where(eq(billingAccounts.organizationId, account.organizationId)),
  ).toEqual([]);
}

describe('Stripe unavailable', () => {
  it('answers 503 PaymentsUnavailable when Stripe answers 500 (retried once), storing nothing', async () => {
    const account = await createAccount(test.app, test.database.db);
    // A purchase in reais needs the billing details (issue 27).
    await billingClient(test.app, account).saveDetails();
    test.stripe.fail('server-error');
    const before = test.stripe.requestsTo('POST', '/v1/customers').length;

    const response = await billingClient(test.app, account, 'en').checkout({
      planId: 'basic',
      cycle: 'monthly',
    });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'PaymentsUnavailable',
      message: 'Payments are unavailable right now. Please try again in a few minutes.',
    });
    expect(response.body).not.toContain('api_error');
    expect(test.stripe.requestsTo('POST', '/v1/customers').length - before).toBe(2);
    await expectNothingStored(account);

    test.stripe.fail(null);
    const retried = await billingClient(test.app, account).checkout({ planId: 'basic', cycle: 'monthly' });
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('answers 503 when the connection to Stripe drops', async () => {
    const account = await createAccount(test.app, test.database.db);
    // A purchase in reais needs the billing details (issue 27).
    await billingClient(test.app, account).saveDetails();
    test.stripe.fail('drop-connection');
    const response = await billingClient(test.app, account).checkout({ planId: 'pro', cycle: 'yearly' });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('PaymentsUnavailable');
    await expectNothingStored(account);
  });

  it('answers 503 for the portal too', async () => {
    const account = await createAccount(test.app, test.database.db);
    await subscribe(test, account);
    test.stripe.fail('server-error');
    const response = await billingClient(test.app, account).call('POST', '/portal');
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('PaymentsUnavailable');
  });

  it('answers 503 when nothing listens at STRIPE_API_URL (connection refused)', async () => {
    const closed = await startTestStripeServer();
    await closed.close();
    const refused = await createTestApp({
      env: {
        ...GATEWAY_TEST_ENV,
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_cotacep',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: closed.url,
      },
    });
    try {
      const account = await createAccount(refused.app, refused.database.db);
      // A purchase in reais needs the billing details (issue 27).
      await billingClient(refused.app, account).saveDetails();
      const response = await billingClient(refused.app, account).checkout({
        planId: 'basic',
        cycle: 'monthly',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('PaymentsUnavailable');
    } finally {
      await refused.close();
    }
  });
});

describe('Stripe refusing a request', () => {
  it('is a 500 of ours, not the client’s error: a plan without its price in Stripe', async () => {
    const account = await createAccount(test.app, test.database.db);
    test.stripe.prices.delete('price_test_business_yearly_usd');
    const response = await billingClient(test.app, account, 'en').checkout({
      planId: 'business',
      cycle: 'yearly',
      currency: 'USD',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('InternalError');
    await expectNothingStored(account);
  });
});
