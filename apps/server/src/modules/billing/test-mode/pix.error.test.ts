import { ERRORS, type ErrorCode } from '@cotacep/shared/errors';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixCharges } from '#server/db/schema/pix-charges.ts';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { billingClient, cardPayment, US_BILLING_DETAILS } from '../test-support/billing-client.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

async function newCustomer(language = 'en') {
  const account = await createAccount(test.app, test.database.db);
  return { account, billing: billingClient(test.app, account, language) };
}

/** The error envelope with the code's message in the request's language. */
function expectError(response: LightMyRequestResponse, code: ErrorCode, language: 'en' | 'pt-BR' = 'en') {
  expect(response.statusCode, response.body).toBe(ERRORS[code].status);
  expect(response.json()).toMatchObject({ code, message: ERRORS[code][language] });
}

const letCodesLapse = (organizationId: string) =>
  test.database.db
    .update(pixCharges)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(pixCharges.organizationId, organizationId));

describe('Pix in dollars', () => {
  it('is not offered, and refused for a checkout and for an invoice, in the customer’s language', async () => {
    const { billing } = await newCustomer('pt-BR');
    await billing.saveDetails(US_BILLING_DETAILS);
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly', currency: 'USD' });
    expect((await billing.getCheckout(id)).paymentMethods).toEqual(['card']);
    expectError(await billing.call('POST', `/test/checkouts/${id}/pix`), 'PixNeedsBrl', 'pt-BR');
    expect(await billing.invoices()).toEqual([]);

    await billing.pay(id, cardPayment('4000000000000341'));
    await billing.advanceClock(31);
    const [failed] = await billing.invoices();
    expect(failed).toMatchObject({ status: 'open', currency: 'USD' });
    expectError(await billing.call('POST', `/test/invoices/${failed?.id}/pix`), 'PixNeedsBrl', 'pt-BR');
  });
});

describe('Pix at a monthly plan’s checkout', () => {
  it('is not offered, and refused with the reason: a monthly plan renews by card or boleto', async () => {
    const { billing } = await newCustomer('pt-BR');
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    expect((await billing.getCheckout(id)).paymentMethods).toEqual(['card', 'boleto']);
    expectError(await billing.call('POST', `/test/checkouts/${id}/pix`), 'PixYearlyOnly', 'pt-BR');
    expect(await billing.invoices()).toEqual([]);
    expect((await billing.getCheckout(id)).status).toBe('open');
  });
});

describe('an expired code', () => {
  it('cannot be paid at checkout, and the plan does not start', async () => {
    const { account, billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    expect((await billing.call('POST', `/test/checkouts/${id}/pix`)).statusCode).toBe(200);
    await letCodesLapse(account.organizationId);
    expectError(await billing.call('POST', `/test/checkouts/${id}/pix/pay`), 'PixExpired');
    expect((await billing.summary()).planId).toBe('free');
    expect((await billing.getCheckout(id)).status).toBe('open');
  });

  it('cannot pay an open invoice, which stays open', async () => {
    const { account, billing } = await newCustomer('pt-BR');
    await billing.subscribe({ planId: 'basic', cycle: 'monthly' }, '4000000000000341');
    await billing.advanceClock(31);
    const [failed] = await billing.invoices();
    expect((await billing.call('POST', `/test/invoices/${failed?.id}/pix`)).statusCode).toBe(200);
    await letCodesLapse(account.organizationId);
    expectError(await billing.call('POST', `/test/invoices/${failed?.id}/pix/pay`), 'PixExpired', 'pt-BR');
    expect((await billing.invoices())[0]?.status).toBe('open');
    expect((await billing.summary()).subscription?.status).toBe('past_due');
  });
});

describe('what has no code to pay', () => {
  it('answers 404 PixNotFound before any code was made', async () => {
    const { billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    expectError(await billing.call('POST', `/test/checkouts/${id}/pix/pay`), 'PixNotFound');
  });

  it('refuses a code for a paid invoice, and a code whose invoice the boleto paid meanwhile', async () => {
    const { billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    await billing.pay(id, { method: 'boleto' });
    const [boleto] = await billing.invoices();
    expect((await billing.call('POST', `/test/invoices/${boleto?.id}/pix`)).statusCode).toBe(200);
    await billing.call('POST', `/test/checkouts/${id}/boleto`, { outcome: 'paid' });

    expectError(await billing.call('POST', `/test/invoices/${boleto?.id}/pix/pay`), 'InvoiceNotOpen');
    expect((await billing.call('GET', `/test/invoices/${boleto?.id}/pix`)).json().status).toBe('expired');
    expectError(await billing.call('POST', `/test/invoices/${boleto?.id}/pix`), 'InvoiceNotOpen');
    const [invoice] = await billing.invoices();
    expect(invoice).toMatchObject({ status: 'paid', paymentMethod: 'boleto' });
  });
});

describe('a checkout that takes no code', () => {
  it('refuses a checkout paid by card, one cancelled, and one waiting for its boleto', async () => {
    const { billing } = await newCustomer();
    const paid = await billing.subscribe({ planId: 'basic', cycle: 'yearly' });
    expectError(await billing.call('POST', `/test/checkouts/${paid}/pix`), 'CheckoutClosed');

    const other = await newCustomer();
    const cancelled = await other.billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    expect((await other.billing.call('POST', '/checkout/cancel')).statusCode).toBe(204);
    expectError(await other.billing.call('POST', `/test/checkouts/${cancelled}/pix`), 'CheckoutClosed');

    const third = await newCustomer();
    const boleto = await third.billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    await third.billing.pay(boleto, { method: 'boleto' });
    expectError(await third.billing.call('POST', `/test/checkouts/${boleto}/pix`), 'CheckoutClosed');
    expect((await third.billing.invoices()).map((invoice) => invoice.paymentMethod)).toEqual(['boleto']);
  });

  it('refuses a card payment while its code waits for the bank', async () => {
    const { billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    await billing.call('POST', `/test/checkouts/${id}/pix`);
    expectError(await billing.pay(id, cardPayment()), 'CheckoutClosed');
  });

  it('answers 404 for an unknown checkout or invoice, and 400 for an id that is none', async () => {
    const { billing } = await newCustomer();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await billing.call('POST', `/test/checkouts/${unknown}/pix`), 'CheckoutNotFound');
    expectError(await billing.call('POST', `/test/checkouts/${unknown}/pix/pay`), 'CheckoutNotFound');
    expectError(await billing.call('POST', '/test/invoices/in_test_nothing/pix'), 'InvoiceNotFound');
    expectError(await billing.call('GET', '/test/invoices/in_test_nothing/pix'), 'InvoiceNotFound');
    expect((await billing.call('POST', '/test/checkouts/not-a-uuid/pix')).statusCode).toBe(400);
  });
});
