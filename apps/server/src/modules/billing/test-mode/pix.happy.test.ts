import type { Invoice, TestCheckout } from '@cotacep/shared/billing-schemas';
import type { PixCharge } from '@cotacep/shared/pix-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixCharges } from '#server/db/schema/pix-charges.ts';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { billingClient, cardPayment } from '../test-support/billing-client.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, BILLING_GRACE_DAYS: '7' } });
});
afterAll(() => test.close());

async function newCustomer() {
  const account = await createAccount(test.app, test.database.db);
  return { account, billing: billingClient(test.app, account) };
}

type Client = ReturnType<typeof billingClient>;

async function post<T>(billing: Client, url: string): Promise<T> {
  const response = await billing.call('POST', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/** Thirty minutes pass on the account's clock for its pending codes (the clock itself moves whole days). */
const letCodesLapse = (organizationId: string) =>
  test.database.db
    .update(pixCharges)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(pixCharges.organizationId, organizationId));

describe('Pix at checkout', () => {
  it('issues a BR Code, waits for the bank, and starts the plan once it pays', async () => {
    const { account, billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'pro', cycle: 'yearly' });
    expect((await billing.getCheckout(id)).paymentMethods).toEqual(['card', 'boleto', 'pix']);

    const code = await post<PixCharge>(billing, `/test/checkouts/${id}/pix`);
    expect(code.status).toBe('pending');
    expect(code.brCode).toMatch(/^000201/);
    expect(code.brCode).toContain('0014br.gov.bcb.pix');
    expect(code.brCode).toContain('5406799.00');
    expect(code.secondsLeft).toBeGreaterThan(1790);
    expect(code.secondsLeft).toBeLessThanOrEqual(1800);
    const expiresIn = Date.parse(code.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);

    // Asked again while it waits: the same code.
    expect((await post<PixCharge>(billing, `/test/checkouts/${id}/pix`)).brCode).toBe(code.brCode);
    const pending = await billing.getCheckout(id);
    expect(pending).toMatchObject({
      status: 'pending',
      boleto: null,
      pix: { brCode: code.brCode, status: 'pending' },
    });
    const waiting = await billing.summary();
    expect(waiting).toMatchObject({ planId: 'free', openCheckout: { id } });
    const [open] = await billing.invoices();
    expect(open).toMatchObject({ status: 'open', paymentMethod: 'pix', amount: 79900, boleto: null });

    const paid = await post<TestCheckout>(billing, `/test/checkouts/${id}/pix/pay`);
    expect(paid).toMatchObject({
      status: 'complete',
      pix: { brCode: code.brCode, status: 'paid', secondsLeft: 0 },
    });
    const summary = await billing.summary();
    expect(summary).toMatchObject({ planId: 'pro', openCheckout: null });
    expect(summary.subscription).toMatchObject({ status: 'active', paymentMethod: 'pix', cycle: 'yearly' });
    const [invoice] = await billing.invoices();
    expect(invoice).toMatchObject({ id: open?.id, status: 'paid', paymentMethod: 'pix', amount: 79900 });
    // Paid in reais: its nota is on its way (modules/nfse).
    expect(invoice?.nfse?.status).toMatch(/^(pending|issued)$/);
    const payments = await auditEntriesOf(test.database.db, {
      organizationId: account.organizationId,
      events: ['billing.payment_succeeded'],
    });
    expect(payments.map((entry) => entry.details)).toEqual([
      { invoiceId: invoice?.id, amount: 79900, currency: 'BRL' },
    ]);
  });

  it('pays once when the bank says paid five times at once', async () => {
    const { account, billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    await post<PixCharge>(billing, `/test/checkouts/${id}/pix`);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => billing.call('POST', `/test/checkouts/${id}/pix/pay`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await billing.getCheckout(id)).status).toBe('complete');
    const invoices = await billing.invoices();
    expect(invoices.map((invoice) => invoice.status)).toEqual(['paid']);
    const payments = await auditEntriesOf(test.database.db, {
      organizationId: account.organizationId,
      events: ['billing.payment_succeeded'],
    });
    expect(payments).toHaveLength(1);
    const charges = await test.database.db
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.organizationId, account.organizationId));
    expect(charges.map((charge) => charge.status)).toEqual(['paid']);
  });

  it('makes one code of five requests at once', async () => {
    const { account, billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => billing.call('POST', `/test/checkouts/${id}/pix`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().brCode)).size).toBe(1);
    expect(await billing.invoices()).toHaveLength(1);
    const charges = await test.database.db
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.organizationId, account.organizationId));
    expect(charges).toHaveLength(1);
  });

  it('opens the checkout again when the code expires: a new code, or another method, may follow', async () => {
    const { account, billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    const first = await post<PixCharge>(billing, `/test/checkouts/${id}/pix`);
    await letCodesLapse(account.organizationId);

    const reopened = await billing.getCheckout(id);
    expect(reopened).toMatchObject({
      status: 'open',
      pix: { brCode: first.brCode, status: 'expired', secondsLeft: 0 },
    });
    expect(await billing.summary()).toMatchObject({
      planId: 'free',
      subscription: null,
      openCheckout: { id },
    });
    expect((await billing.invoices()).map((invoice) => invoice.status)).toEqual(['void']);

    const second = await post<PixCharge>(billing, `/test/checkouts/${id}/pix`);
    expect(second.brCode).not.toBe(first.brCode);
    expect(second.status).toBe('pending');
    await letCodesLapse(account.organizationId);

    // Or the card, on the same checkout.
    const card = await billing.pay(id, cardPayment());
    expect(card.statusCode, card.body).toBe(200);
    expect((await billing.summary()).subscription).toMatchObject({ status: 'active', paymentMethod: 'card' });
    expect((await billing.invoices()).map((invoice) => invoice.status).sort()).toEqual([
      'paid',
      'void',
      'void',
    ]);
  });

  it('lets the sweeper expire a code when the billing clock moves (the checkout, a day old, is over)', async () => {
    const { billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
    await post<PixCharge>(billing, `/test/checkouts/${id}/pix`);
    await billing.advanceClock(1);
    const checkout = await billing.getCheckout(id);
    expect(checkout).toMatchObject({ status: 'expired', pix: { status: 'expired' } });
    expect((await billing.summary()).openCheckout).toBeNull();
  });
});

describe('Pix for an open invoice', () => {
  it('pays a boleto subscription’s renewal: the invoice is paid by Pix, the subscription renews by boleto', async () => {
    const { billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    await billing.pay(id, { method: 'boleto' });
    await billing.call('POST', `/test/checkouts/${id}/boleto`, { outcome: 'paid' });
    await billing.advanceClock(31);
    const [renewal] = await billing.invoices();
    expect(renewal).toMatchObject({ status: 'open', paymentMethod: 'boleto' });

    const code = await post<PixCharge>(billing, `/test/invoices/${renewal?.id}/pix`);
    expect(code.brCode).toContain('540529.90');
    const followed = await billing.call('GET', `/test/invoices/${renewal?.id}/pix`);
    expect(followed.json()).toMatchObject({ brCode: code.brCode, status: 'pending' });
    const paid = await post<Invoice>(billing, `/test/invoices/${renewal?.id}/pix/pay`);
    expect(paid).toMatchObject({ id: renewal?.id, status: 'paid', paymentMethod: 'pix' });
    expect((await billing.call('GET', `/test/invoices/${renewal?.id}/pix`)).json().status).toBe('paid');
    expect((await billing.summary()).subscription).toMatchObject({
      status: 'active',
      paymentMethod: 'boleto',
    });
  });

  it('restores a past-due subscription (a failed card renewal)', async () => {
    const { billing } = await newCustomer();
    await billing.subscribe({ planId: 'basic', cycle: 'monthly' }, '4000000000000341');
    await billing.advanceClock(31);
    expect((await billing.summary()).subscription?.status).toBe('past_due');
    const [failed] = await billing.invoices();
    await post<PixCharge>(billing, `/test/invoices/${failed?.id}/pix`);
    await post<Invoice>(billing, `/test/invoices/${failed?.id}/pix/pay`);
    expect(await billing.summary()).toMatchObject({ planId: 'basic', subscription: { status: 'active' } });
  });

  it('applies an upgrade waiting for its boleto when its Pix is paid', async () => {
    const { billing } = await newCustomer();
    const id = await billing.startCheckout({ planId: 'basic', cycle: 'monthly' });
    await billing.pay(id, { method: 'boleto' });
    await billing.call('POST', `/test/checkouts/${id}/boleto`, { outcome: 'paid' });
    const upgrade = await billing.manage({ action: 'change', planId: 'pro', cycle: 'monthly' });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const invoiceId = (await billing.summary()).subscription?.pendingChange?.invoiceId;
    expect(invoiceId).toBeTruthy();
    await post<PixCharge>(billing, `/test/invoices/${invoiceId}/pix`);
    await post<Invoice>(billing, `/test/invoices/${invoiceId}/pix/pay`);
    const summary = await billing.summary();
    expect(summary).toMatchObject({ planId: 'pro', subscription: { planId: 'pro', pendingChange: null } });
  });

  it('keeps a renewal’s invoice open when its code expires, and makes a new code for it', async () => {
    const { account, billing } = await newCustomer();
    await billing.subscribe({ planId: 'basic', cycle: 'monthly' }, '4000000000000341');
    await billing.advanceClock(31);
    const [failed] = await billing.invoices();
    const first = await post<PixCharge>(billing, `/test/invoices/${failed?.id}/pix`);
    await letCodesLapse(account.organizationId);
    expect((await billing.call('GET', `/test/invoices/${failed?.id}/pix`)).json().status).toBe('expired');
    expect((await billing.invoices())[0]?.status).toBe('open');
    const second = await post<PixCharge>(billing, `/test/invoices/${failed?.id}/pix`);
    expect(second.brCode).not.toBe(first.brCode);
  });
});
