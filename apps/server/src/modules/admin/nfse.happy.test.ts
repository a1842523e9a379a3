import type { AdminNfseAttentionList } from '@cotacep/shared/admin-nfse-schemas';
import type { StaffNfse } from '@cotacep/shared/nfse-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfse } from '#server/db/schema/nfse.ts';
import { TEST_REJECTED_TAX_ID } from '#server/modules/nfse/test-issuer.ts';
import {
  createPaidInvoice,
  getNota,
  saveBillingDetails,
} from '#server/modules/nfse/test-support/paid-invoice.ts';
import { runNfseWorker } from '#server/modules/nfse/worker.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { REASON, type SignedInStaff, signInStaff } from './test-support/staff.ts';

/**
 * Issue 27 on the console: staff (and support) see a customer's notas and the ones needing attention across
 * customers; staff retry one, recorded with the reason, and the worker takes it at once. The sweep interval is
 * an hour, so only the retry's wake-up can make the worker run within the test.
 */
let test: TestApp;
let staff: SignedInStaff;
let support: SignedInStaff;
let customer: TestAccount;
const db = () => test.database.db;
const ids = { rejected: '', issued: '', failing: '' };

beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, NFSE_SWEEP_INTERVAL_MS: '3600000' } });
  staff = await signInStaff(test.app, db(), 'staff');
  support = await signInStaff(test.app, db(), 'support');
  customer = await createAccount(test.app, db());
  // A CNPJ the test issuer refuses: the first nota is rejected.
  await saveBillingDetails(db(), customer.organizationId, { taxId: TEST_REJECTED_TAX_ID });
  ids.rejected = (await createPaidInvoice(db(), customer.organizationId)).id;
  await runNfseWorker(test.app.nfse.deps);
  // Fixed straight in the table (the Billing tab would queue the rejected nota again): only staff's retry will.
  await saveBillingDetails(db(), customer.organizationId);
  ids.issued = (await createPaidInvoice(db(), customer.organizationId)).id;
  await runNfseWorker(test.app.nfse.deps);
  // The issuer down three times in a row: pending, with its last error and the next try an hour away.
  ids.failing = (await createPaidInvoice(db(), customer.organizationId)).id;
  await db()
    .update(nfse)
    .set({ attempts: 3, lastError: 'connect ECONNREFUSED', nextAttemptAt: new Date(Date.now() + 3_600_000) })
    .where(eq(nfse.invoiceId, ids.failing));
}, 60_000);
afterAll(() => test.close());

const get = <T>(path: string, headers: Record<string, string>) =>
  test.app
    .inject({ method: 'GET', url: `/api/admin${path}`, headers: { ...headers, 'accept-language': 'en' } })
    .then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    });

const retry = (invoiceId: string, reason = REASON) =>
  test.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${customer.organizationId}/nfse/${invoiceId}/retry`,
    headers: { ...staff.headers, 'accept-language': 'en' },
    payload: { reason },
  });

describe('a customer’s notas', () => {
  it('lists them newest first: status, number, invoice, issuer, attempts, rejection and error', async () => {
    for (const who of [staff, support]) {
      const { items } = await get<{ items: StaffNfse[] }>(
        `/customers/${customer.organizationId}/nfse`,
        who.headers,
      );
      expect(items.map((item) => item.invoiceId)).toEqual([ids.failing, ids.issued, ids.rejected]);
      const [failing, issued, rejected] = items;
      expect(failing).toMatchObject({
        status: 'pending',
        attempts: 3,
        lastError: 'connect ECONNREFUSED',
        number: null,
        nextAttemptAt: expect.any(String),
      });
      expect(issued).toMatchObject({
        status: 'issued',
        issuer: 'test',
        number: expect.stringMatching(/^\d+$/),
        verificationCode: expect.any(String),
        issuedAt: expect.any(String),
        rejectionReason: null,
        nextAttemptAt: null,
        // The files are the customer's: staff get no links to them.
        pdfUrl: null,
        xmlUrl: null,
      });
      expect(rejected).toMatchObject({
        status: 'rejected',
        rejectionReason: expect.stringContaining(TEST_REJECTED_TAX_ID),
        nextAttemptAt: null,
      });
      expect(rejected?.invoiceNumber).toMatch(/^NF.+-0001$/);
    }
  });

  it('answers an empty list for a customer without notas', async () => {
    const other = await createAccount(test.app, db());
    expect(await get(`/customers/${other.organizationId}/nfse`, support.headers)).toEqual({ items: [] });
  });
});

describe('notas needing attention', () => {
  const mine = (list: AdminNfseAttentionList) =>
    list.items.filter((item) => item.organizationId === customer.organizationId);

  it('lists rejected ones and pending ones that failed, never issued ones, with the customer’s name', async () => {
    const all = await get<AdminNfseAttentionList>('/nfse', support.headers);
    expect(mine(all).map((item) => [item.invoiceId, item.status])).toEqual([
      [ids.rejected, 'rejected'],
      [ids.failing, 'pending'],
    ]);
    expect(mine(all)[0]).toMatchObject({ organizationName: expect.any(String), attempts: 0 });
    expect(all).toMatchObject({ page: 1, limit: 25, total: all.items.length });

    const rejected = await get<AdminNfseAttentionList>('/nfse?status=rejected', staff.headers);
    expect(rejected.items.every((item) => item.status === 'rejected')).toBe(true);
    expect(mine(rejected).map((item) => item.invoiceId)).toEqual([ids.rejected]);
    const pending = await get<AdminNfseAttentionList>('/nfse?status=pending', staff.headers);
    expect(mine(pending).map((item) => item.invoiceId)).toEqual([ids.failing]);
  });

  it('pages like the other lists', async () => {
    const total = (await get<AdminNfseAttentionList>('/nfse', staff.headers)).total;
    const second = await get<AdminNfseAttentionList>('/nfse?page=2&limit=1', staff.headers);
    expect(second).toMatchObject({ page: 2, limit: 1, total });
    expect(second.items).toHaveLength(1);
  });

  it('counts a cancellation the issuer refused, which only a retry moves again', async () => {
    const invoice = await createPaidInvoice(db(), customer.organizationId);
    await db()
      .update(nfse)
      .set({ status: 'cancelling', rejectionReason: 'Prazo de cancelamento expirado.', nextAttemptAt: null })
      .where(eq(nfse.invoiceId, invoice.id));
    const cancelling = await get<AdminNfseAttentionList>('/nfse?status=cancelling', staff.headers);
    expect(mine(cancelling)).toMatchObject([
      { invoiceId: invoice.id, rejectionReason: 'Prazo de cancelamento expirado.' },
    ]);
    await db()
      .update(nfse)
      .set({ status: 'cancelled', rejectionReason: null })
      .where(eq(nfse.invoiceId, invoice.id));
  });
});

describe('retry', () => {
  it('sends a rejected nota again at once, recorded with the reason, and the woken worker issues it', async () => {
    const before = Date.now();
    const response = await retry(ids.rejected);
    expect(response.statusCode, response.body).toBe(200);
    const { nfse: answered } = response.json() as { nfse: StaffNfse };
    expect(answered).toMatchObject({ invoiceId: ids.rejected, status: 'pending', rejectionReason: null });
    expect(Date.parse(answered.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);

    const [entry] = await auditEntriesOf(db(), {
      organizationId: customer.organizationId,
      events: ['staff.nfse_retried'],
    });
    expect(entry).toMatchObject({
      actorType: 'staff',
      actorId: staff.userId,
      targetType: 'invoice',
      targetId: ids.rejected,
      reason: REASON,
      details: { invoiceId: ids.rejected, from: 'rejected', issuer: 'test' },
    });

    // The billing details are right now, and nothing else would run the worker within the hour.
    const deadline = Date.now() + 10_000;
    while ((await getNota(db(), ids.rejected))?.status !== 'issued') {
      if (Date.now() > deadline) throw new Error('the retried nota was not issued');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('tries a failing pending nota now, its attempts counted afresh', async () => {
    const response = await retry(ids.failing);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().nfse).toMatchObject({ status: 'pending', attempts: 0 });
    const [entry] = await auditEntriesOf(db(), {
      organizationId: customer.organizationId,
      events: ['staff.nfse_retried'],
    }).then((entries) => entries.filter((row) => row.targetId === ids.failing));
    expect(entry?.details).toMatchObject({ from: 'pending', attempts: 3 });
  });
});
