import type { Invoice } from '@cotacep/shared/billing-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import type { NfseIssuer } from '#server/modules/nfse/issuer.ts';
import { getNota, saveBillingDetails } from '#server/modules/nfse/test-support/paid-invoice.ts';
import { runNfseWorker } from '#server/modules/nfse/worker.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { billingClient } from '../test-support/billing-client.ts';

/**
 * Issue 27 in test mode: a payment in reais gets its NFS-e from the embedded issuer within seconds, one in
 * dollars none; "the bank reverses it" voids the invoice and cancels the nota.
 */
let test: TestApp;
const db = () => test.database.db;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

/** Waits (up to 5 s) for the nota of an invoice to reach a status: the payment wakes the worker itself. */
async function waitForNota(invoiceId: string, status: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const nota = await getNota(db(), invoiceId);
    if (nota?.status === status) return nota;
    if (Date.now() > deadline) throw new Error(`nota of ${invoiceId} is ${nota?.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function buyPro(account: TestAccount, currency: 'BRL' | 'USD' = 'BRL') {
  const client = billingClient(test.app, account, 'pt-BR');
  await client.subscribe({ planId: 'pro', cycle: 'monthly', currency });
  const [invoice] = await client.invoices();
  return { client, invoice: invoice as Invoice };
}

const refund = (account: TestAccount, invoiceId: string, organizationId?: string) =>
  test.app.inject({
    method: 'POST',
    url: `/api/billing/test/invoices/${invoiceId}/refund`,
    headers: {
      ...account.headers,
      'accept-language': 'pt-BR',
      ...(organizationId ? { 'x-organization': organizationId } : {}),
    },
  });

describe('a test-mode payment', () => {
  let account: TestAccount;
  let invoice: Invoice;

  it('in reais gets a numbered NFS-e within seconds, shown on the invoice', async () => {
    account = await createAccount(test.app, db());
    await saveBillingDetails(db(), account.organizationId);
    const bought = await buyPro(account);
    invoice = bought.invoice;
    expect(invoice).toMatchObject({ status: 'paid', currency: 'BRL' });
    const nota = await waitForNota(invoice.id, 'issued');
    expect(nota).toMatchObject({ issuer: 'test', number: expect.stringMatching(/^\d+$/) });
    const [listed] = await bought.client.invoices();
    expect(listed?.nfse).toMatchObject({
      status: 'issued',
      number: nota.number,
      verificationCode: nota.verificationCode,
      pdfUrl: `/api/billing/invoices/${invoice.id}/nfse.pdf`,
    });
    const pdf = await bought.client.call('GET', `/invoices/${invoice.id}/nfse.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain('SEM VALOR FISCAL');
    expect(
      await auditEntriesOf(db(), { organizationId: account.organizationId, events: ['billing.nfse_issued'] }),
    ).toMatchObject([{ actorType: 'system', targetId: invoice.id }]);
  });

  it('refunded by the bank: the invoice becomes void and its nota is cancelled; the plan stays', async () => {
    const response = await refund(account, invoice.id);
    expect(response.statusCode, response.body).toBe(200);
    // The worker, woken by the refund, may already have cancelled it at the issuer.
    expect(response.json()).toMatchObject({
      id: invoice.id,
      status: 'void',
      nfse: { status: expect.stringMatching(/^cancell(ing|ed)$/) },
    });
    const nota = await waitForNota(invoice.id, 'cancelled');
    expect(nota.cancelledAt).not.toBeNull();
    const [listed] = await billingClient(test.app, account).invoices();
    expect(listed).toMatchObject({ status: 'void', nfse: { status: 'cancelled', number: nota.number } });
    expect((await billingClient(test.app, account).summary()).subscription).toMatchObject({
      status: 'active',
    });
    const entries = await auditEntriesOf(db(), {
      organizationId: account.organizationId,
      events: ['billing.invoice_refunded', 'billing.nfse_cancelled'],
    });
    expect(entries).toMatchObject([
      { event: 'billing.invoice_refunded', actorType: 'user', actorId: account.userId, targetId: invoice.id },
      { event: 'billing.nfse_cancelled', actorType: 'system', targetId: invoice.id },
    ]);
  });

  it('refuses to refund an invoice twice, one it does not know, and another organization’s', async () => {
    const again = await refund(account, invoice.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'InvoiceNotRefundable',
      message: 'Só uma fatura paga pode ser estornada.',
    });
    expect((await refund(account, 'in_test_unknown')).statusCode).toBe(404);
    const stranger = await createAccount(test.app, db());
    const foreign = await refund(stranger, invoice.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'InvoiceNotFound' });
  });

  it('lets only roles that may pay refund (billing.write)', async () => {
    const developer = await createAccount(test.app, db());
    await db()
      .insert(organizationMembers)
      .values({ organizationId: account.organizationId, userId: developer.userId, role: 'developer' });
    const denied = await refund(developer, invoice.id, account.organizationId);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'PermissionDenied' });
  });

  it('in dollars gets no nota', async () => {
    const american = await createAccount(test.app, db());
    const { invoice: usd } = await buyPro(american, 'USD');
    expect(usd).toMatchObject({ status: 'paid', currency: 'USD', nfse: null });
    await runNfseWorker(test.app.nfse.deps);
    expect(await getNota(db(), usd.id)).toBeUndefined();
  });
});

describe('a nota never sent to the issuer', () => {
  it('is cancelled with its refunded invoice without calling the issuer', async () => {
    await test.app.nfse.sweeper.stop();
    const calls: string[] = [];
    const real = test.app.nfse.deps.issuer;
    const counting: NfseIssuer = {
      name: real.name,
      issue(dps) {
        calls.push('issue');
        return real.issue(dps);
      },
      poll(reference) {
        calls.push('poll');
        return real.poll(reference);
      },
      cancel(nota, reason) {
        calls.push('cancel');
        return real.cancel(nota, reason);
      },
    };
    test.app.nfse.deps.issuer = counting;
    try {
      const account = await createAccount(test.app, db());
      await saveBillingDetails(db(), account.organizationId);
      const { invoice } = await buyPro(account);
      expect((await getNota(db(), invoice.id))?.status).toBe('pending');
      const response = await refund(account, invoice.id);
      expect(response.json()).toMatchObject({ status: 'void', nfse: { status: 'cancelled', number: null } });
      await runNfseWorker(test.app.nfse.deps);
      expect((await getNota(db(), invoice.id))?.status).toBe('cancelled');
      expect(calls).toEqual([]);
    } finally {
      test.app.nfse.deps.issuer = real;
    }
  });
});
