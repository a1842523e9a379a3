import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaidInvoice,
  getNota,
  saveBillingDetails,
  takeOverWorker,
} from '#server/modules/nfse/test-support/paid-invoice.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { REASON, type SignedInStaff, signInStaff } from './test-support/staff.ts';

/**
 * Issue 27 on the console, the refusals: a nota that is issued or cancelled is not retried (409), a missing
 * one is a 404 even when it is another customer's, support cannot retry, and every refusal changes and
 * records nothing.
 */
let test: TestApp;
let staff: SignedInStaff;
let support: SignedInStaff;
let customer: TestAccount;
let worker: Awaited<ReturnType<typeof takeOverWorker>>;
const db = () => test.database.db;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  worker = await takeOverWorker(test.app);
  staff = await signInStaff(test.app, db(), 'staff');
  support = await signInStaff(test.app, db(), 'support');
  customer = await createAccount(test.app, db());
  await saveBillingDetails(db(), customer.organizationId);
}, 60_000);
afterAll(() => test.close());

const retry = (
  who: SignedInStaff | TestAccount,
  invoiceId: string,
  body: object = { reason: REASON },
  organizationId = customer.organizationId,
) =>
  test.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${organizationId}/nfse/${encodeURIComponent(invoiceId)}/retry`,
    headers: { ...who.headers, 'accept-language': 'en' },
    payload: body,
  });

const retriedEntries = () =>
  auditEntriesOf(db(), { organizationId: customer.organizationId, events: ['staff.nfse_retried'] });

describe('retry refused', () => {
  it('for an issued nota (409 StaffNfseNotRetryable), and for a cancelled one, changing nothing', async () => {
    const invoice = await createPaidInvoice(db(), customer.organizationId);
    await worker.run();
    const issued = await getNota(db(), invoice.id);
    expect(issued?.status).toBe('issued');

    const response = await retry(staff, invoice.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'StaffNfseNotRetryable',
      message: expect.stringContaining('already issued or cancelled'),
    });
    expect(await getNota(db(), invoice.id)).toEqual(issued);

    const refund = await test.app.inject({
      method: 'POST',
      url: `/api/billing/test/invoices/${invoice.id}/refund`,
      headers: customer.headers,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await worker.run();
    expect((await getNota(db(), invoice.id))?.status).toBe('cancelled');
    expect((await retry(staff, invoice.id)).json().code).toBe('StaffNfseNotRetryable');
    expect(await retriedEntries()).toEqual([]);
  });

  it('says why in Portuguese too', async () => {
    const invoice = await createPaidInvoice(db(), customer.organizationId);
    await worker.run();
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.organizationId}/nfse/${invoice.id}/retry`,
      headers: staff.headers,
      payload: { reason: REASON },
    });
    expect(response.json().message).toBe(
      'Só uma NFS-e recusada, ou que ainda espera o emissor, pode ser tentada de novo; esta já foi emitida ou cancelada.',
    );
  });

  it('answers 404 for an invoice without a nota, another customer’s, and an unknown customer', async () => {
    const dollars = await createPaidInvoice(db(), customer.organizationId, { currency: 'USD' });
    const stranger = await createAccount(test.app, db());
    const foreign = await createPaidInvoice(db(), stranger.organizationId);
    for (const invoiceId of ['in_test_unknown', dollars.id, foreign.id]) {
      const response = await retry(staff, invoiceId);
      expect(response.statusCode, invoiceId).toBe(404);
      expect(response.json().code).toBe('StaffNfseNotFound');
    }
    // Asked under its own customer, the same nota is found (and retried).
    expect((await retry(staff, foreign.id, { reason: REASON }, stranger.organizationId)).statusCode).toBe(
      200,
    );
    const missing = await retry(staff, foreign.id, { reason: REASON }, randomUUID());
    expect(missing.json().code).toBe('OrganizationNotFound');
    expect(
      (await test.app.inject({ url: `/api/admin/customers/${randomUUID()}/nfse`, headers: staff.headers }))
        .statusCode,
    ).toBe(404);
    expect(await retriedEntries()).toEqual([]);
  });

  it('asks for the reason (400) and refuses support (403 StaffActionDenied), the nota untouched', async () => {
    const invoice = await createPaidInvoice(db(), customer.organizationId);
    const pending = await getNota(db(), invoice.id);
    for (const body of [{}, { reason: 'short' }]) {
      const response = await retry(staff, invoice.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Please give the reason for this action (at least 10 characters)');
    }
    const denied = await retry(support, invoice.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('StaffActionDenied');
    expect(await getNota(db(), invoice.id)).toEqual(pending);
    expect(await retriedEntries()).toEqual([]);
  });

  it('answers 403 StaffOnly to the customer and 401 to anyone signed out, on every NFS-e route', async () => {
    const invoice = await createPaidInvoice(db(), customer.organizationId);
    const routes = [
      { method: 'GET' as const, url: `/api/admin/customers/${customer.organizationId}/nfse` },
      { method: 'GET' as const, url: '/api/admin/nfse' },
      {
        method: 'POST' as const,
        url: `/api/admin/customers/${customer.organizationId}/nfse/${invoice.id}/retry`,
        payload: { reason: REASON },
      },
    ];
    for (const route of routes) {
      const anonymous = await test.app.inject(route);
      expect(anonymous.statusCode, route.url).toBe(401);
      const own = await test.app.inject({ ...route, headers: customer.headers });
      expect(own.statusCode, route.url).toBe(403);
      expect(own.json().code).toBe('StaffOnly');
    }
    expect((await getNota(db(), invoice.id))?.attempts).toBe(0);
  });

  it('refuses a status the list does not know (400)', async () => {
    const response = await test.app.inject({ url: '/api/admin/nfse?status=issued', headers: staff.headers });
    expect(response.statusCode).toBe(400);
  });
});
