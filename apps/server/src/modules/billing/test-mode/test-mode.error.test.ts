import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '#server/db/schema/checkout-sessions.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { billingClient, cardPayment } from '../test-support/billing-client.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const newCustomer = async (language = 'en') => {
  const account = await createAccount(test.app, test.database.db);
  return { account, billing: billingClient(test.app, account, language) };
};

const checkoutsOf = async (organizationId: string) =>
  (
    await test.database.db
      .select({ total: count() })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.organizationId, organizationId))
  )[0]?.total;

describe('POST /api/billing/checkout, bad input', () => {
  it.each([
    [{ planId: 'gold', cycle: 'monthly' }, 'Please choose one of the plans on sale'],
    [{ planId: 'enterprise', cycle: 'monthly' }, 'Please choose one of the plans on sale'],
    [{ planId: 'free', cycle: 'monthly' }, 'Please choose one of the plans on sale'],
    [{ planId: 'basic', cycle: 'weekly' }, 'Please choose monthly or yearly billing'],
  ])('refuses %j with the field’s message and opens nothing', async (body, message) => {
    const { account, billing } = await newCustomer();
    const response = await billing.call('POST', '/checkout', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ZodError');
    expect(response.json().message[0].message).toBe(message);
    expect(await checkoutsOf(account.organizationId)).toBe(0);
  });

  it('answers in Portuguese by default', async () => {
    const { billing } = await newCustomer('pt-BR');
    const response = await billing.call('POST', '/checkout', { planId: 'gold', cycle: 'monthly' });
    expect(response.json().message[0].message).toBe('Escolha um dos planos à venda');
  });

  it('needs a signed-in customer', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { planId: 'basic', cycle: 'monthly' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('one checkout at a time', () => {
  it('refuses a second checkout while one is open, and allows one once it is cancelled', async () => {
    const { account, billing } = await newCustomer();
    await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    const second = await billing.checkout({ planId: 'pro', cycle: 'monthly' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CheckoutInProgress' });
    expect(await checkoutsOf(account.organizationId)).toBe(1);

    expect((await billing.call('POST', '/checkout/cancel')).statusCode).toBe(204);
    expect((await billing.summary()).openCheckout).toBeNull();
    await billing.startCheckout({ planId: 'pro', cycle: 'monthly' });
  });

  it('opens exactly one of ten parallel checkouts', async () => {
    const { account, billing } = await newCustomer();
    await billing.saveDetails();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => billing.checkout({ planId: 'basic', cycle: 'yearly' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    expect(await checkoutsOf(account.organizationId)).toBe(1);
  });
});

describe('paying a test checkout, bad paths', () => {
  it('keeps another customer’s checkout hidden', async () => {
    const owner = await newCustomer();
    const id = await owner.billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    const intruder = await newCustomer();
    expect((await intruder.billing.call('GET', `/test/checkouts/${id}`)).statusCode).toBe(404);
    const paid = await intruder.billing.pay(id, cardPayment());
    expect(paid.statusCode).toBe(404);
    expect((await owner.billing.getCheckout(id)).status).toBe('open');
  });

  it('refuses to pay a checkout twice, and a boleto in dollars', async () => {
    const { account, billing } = await newCustomer();
    const id = await billing.subscribe({ planId: 'basic', cycle: 'monthly' });
    const again = await billing.pay(id, cardPayment());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CheckoutClosed');
    const rows = await test.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, account.organizationId));
    expect(rows).toHaveLength(1);

    const dollars = await newCustomer();
    const usd = await dollars.billing.startCheckout({ planId: 'basic', cycle: 'monthly', currency: 'USD' });
    const boleto = await dollars.billing.pay(usd, { method: 'boleto' });
    expect(boleto.statusCode).toBe(400);
    expect(boleto.json().code).toBe('BoletoNeedsBrl');
  });

  it.each([
    [{ ...cardPayment(), cardNumber: '1234' }, 'Please enter a valid card number'],
    [{ ...cardPayment(), expiry: '13/30' }, 'Please enter the expiry as MM/YY'],
    [{ ...cardPayment(), cvc: '12' }, 'Please enter the 3 or 4 digit CVC'],
  ])('refuses bad payment details (%#) and charges nothing', async (payment, message) => {
    const { account, billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    const response = await billing.pay(id, payment);
    expect(response.statusCode).toBe(400);
    expect(response.json().message[0].message).toBe(message);
    const rows = await test.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, account.organizationId));
    expect(rows).toHaveLength(0);
  });

  it('declines cards that are not test cards', async () => {
    const { billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    const response = await billing.pay(id, cardPayment('5555555555554444'));
    expect(response.statusCode).toBe(402);
    expect((await billing.pay(id, cardPayment(TEST_CARDS.insufficientFunds))).json().code).toBe(
      'InsufficientFunds',
    );
    expect((await billing.summary()).planId).toBe('free');
  });

  it('has nothing to manage without a subscription', async () => {
    const { billing } = await newCustomer();
    const response = await billing.manage({ action: 'cancel' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('SubscriptionNotFound');
    expect((await billing.call('POST', '/portal')).statusCode).toBe(404);
  });
});
