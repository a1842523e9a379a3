import type { Invoice } from '@cotacep/shared/billing-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { users } from '#server/db/schema/users.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { type SmtpSink, startSmtpSink } from '#server/test/smtp-sink.ts';
import { requestNfseCancellation, retryNfse } from './lifecycle.ts';
import { requeueRejectedNfse } from './requeue-rejected.ts';
import {
  FOCUS_TEST_TOKEN,
  type FocusNfseServer,
  startFocusNfseServer,
} from './test-support/focus-nfse-server.ts';
import { attachmentOf, utf8Text } from './test-support/mail-parts.ts';
import {
  createPaidInvoice,
  getNota,
  saveBillingDetails,
  takeOverWorker,
} from './test-support/paid-invoice.ts';
import { getRetryDelay, NFSE_POLL_DELAY_MS } from './worker.ts';

/**
 * The worker with the real issuer's adapter (NFSE_ISSUER=focus) against Focus's protocol server: the
 * issuer down and back (backoff), asynchronous processing, a rejection and its notice, cancellation.
 */
let test: TestApp;
let focus: FocusNfseServer;
let smtp: SmtpSink;
let worker: Awaited<ReturnType<typeof takeOverWorker>>;
const db = () => test.database.db;
const POLL = NFSE_POLL_DELAY_MS + 1_000;

beforeAll(async () => {
  focus = await startFocusNfseServer();
  smtp = await startSmtpSink();
  test = await createTestApp({
    env: {
      ...GATEWAY_TEST_ENV,
      NFSE_ISSUER: 'focus',
      NFSE_BASE_URL: focus.url,
      NFSE_API_TOKEN: FOCUS_TEST_TOKEN,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://portal.example.com',
    },
  });
  worker = await takeOverWorker(test.app);
});
afterAll(async () => {
  await test.close();
  await focus.close();
  await smtp.close();
});

const requestsFor = (invoiceId: string, method?: string) =>
  focus.requests.filter(
    (request) =>
      request.path.includes(invoiceId.replace(/[^A-Za-z0-9]/g, '')) && (!method || request.method === method),
  );

async function getInvoice(account: TestAccount, id: string): Promise<Invoice> {
  const response = await test.app.inject({ url: `/api/billing/invoices/${id}`, headers: account.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Invoice;
}

/** Issued through Focus: the DPS sent, then two consultations (processing, authorized). */
async function issueThroughFocus(invoiceId: string) {
  await worker.run();
  await worker.run(POLL);
  await worker.run(POLL);
  const nota = await getNota(db(), invoiceId);
  expect(nota?.status, nota?.lastError ?? nota?.rejectionReason ?? '').toBe('issued');
  return nota!;
}

describe('the issuer down, then back', () => {
  it('keeps the invoice paid and the nota pending, retries with growing waits, then issues it and mails it once', async () => {
    const account = await createAccount(test.app, db());
    await saveBillingDetails(db(), account.organizationId, {
      emails: ['fin1@example.com', 'fin2@example.com'],
    });
    const invoice = await createPaidInvoice(db(), account.organizationId, { issuer: 'focus' });

    await focus.goDown('refused');
    await worker.run();
    let nota = await getNota(db(), invoice.id);
    expect(nota).toMatchObject({ status: 'pending', attempts: 1, submittedAt: null });
    expect(nota?.lastError).toMatch(/Focus NFe unreachable/);
    expect(nota!.nextAttemptAt!.getTime() - worker.now().getTime()).toBeGreaterThan(getRetryDelay(1) - 5_000);
    expect(await getInvoice(account, invoice.id)).toMatchObject({
      status: 'paid',
      nfse: { status: 'pending', number: null, pdfUrl: null, xmlUrl: null },
    });

    // Not due yet: nothing is tried.
    await worker.run(30_000);
    expect((await getNota(db(), invoice.id))?.attempts).toBe(1);

    await focus.comeBack();
    await focus.goDown('error');
    await worker.run(31_000);
    nota = await getNota(db(), invoice.id);
    expect(nota).toMatchObject({ status: 'pending', attempts: 2, lastError: 'Focus NFe answered 503' });
    expect(nota!.nextAttemptAt!.getTime() - worker.now().getTime()).toBeGreaterThan(getRetryDelay(2) - 5_000);
    expect(getRetryDelay(2)).toBe(2 * getRetryDelay(1));
    expect(getRetryDelay(20)).toBe(3_600_000);

    await focus.comeBack();
    await worker.run(getRetryDelay(2));
    nota = await getNota(db(), invoice.id);
    expect(nota?.status).toBe('pending');
    expect(nota?.submittedAt).not.toBeNull();
    expect(nota?.lastError).toBeNull();
    await worker.run(POLL);
    expect((await getNota(db(), invoice.id))?.status).toBe('pending');
    await worker.run(POLL);
    nota = await getNota(db(), invoice.id);
    expect(nota).toMatchObject({ status: 'issued', issuer: 'focus', number: '1' });
    expect(nota?.accessKey).toMatch(/^\d{50}$/);
    expect(nota?.pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The 503 reached Focus, the refused connection did not; one nota at Focus either way.
    expect(requestsFor(invoice.id, 'POST')).toHaveLength(2);
    expect(focus.notas.size).toBe(1);
    expect(await getInvoice(account, invoice.id)).toMatchObject({
      status: 'paid',
      nfse: {
        status: 'issued',
        number: '1',
        verificationCode: nota?.verificationCode,
        pdfUrl: `/api/billing/invoices/${invoice.id}/nfse.pdf`,
        xmlUrl: `/api/billing/invoices/${invoice.id}/nfse.xml`,
      },
    });

    for (const address of ['fin1@example.com', 'fin2@example.com']) {
      const mail = await smtp.waitFor(address);
      // A billing address that is no member's reads it in Portuguese.
      expect(utf8Text(mail)).toContain(`Código de verificação: ${nota?.verificationCode}`);
      expect(utf8Text(mail)).toContain(`A NFS-e da fatura ${invoice.number} (R$\u00a079,90) foi emitida`);
      expect(mail.text).toContain(`https://portal.example.com/billing/invoices/${invoice.id}`);
      expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=NFS-e-1\.pdf/);
      expect(attachmentOf(mail, 'NFS-e-1.pdf')).toEqual(nota?.pdf);
      expect(attachmentOf(mail, 'NFS-e-1.xml')?.toString('utf8')).toBe(nota?.xml);
    }
    const entries = await auditEntriesOf(db(), {
      organizationId: account.organizationId,
      events: ['billing.nfse_issued'],
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'system', targetId: invoice.id });

    // Once: later passes send nothing more.
    await worker.run(3_600_000);
    expect(smtp.countTo('fin1@example.com')).toBe(1);
    expect(smtp.countTo(account.email)).toBe(0);
  });
});

describe('a nota the issuer rejects', () => {
  it('keeps the reason, tells the Owners in their language, waits for new billing details, then is issued', async () => {
    const owner = await createAccount(test.app, db());
    await db().update(users).set({ language: 'en' }).where(eq(users.id, owner.userId));
    const developer = await createAccount(test.app, db());
    await db()
      .insert(organizationMembers)
      .values({ organizationId: owner.organizationId, userId: developer.userId, role: 'developer' });
    await saveBillingDetails(db(), owner.organizationId, {
      taxId: '52998224725',
      emails: ['rej@example.com'],
    });
    focus.rejectTaker('52998224725', {
      codigo: 'E0116',
      mensagem: 'CPF do tomador não encontrado no cadastro da Receita Federal.',
    });
    const invoice = await createPaidInvoice(db(), owner.organizationId, { issuer: 'focus' });

    await worker.run();
    await worker.run(POLL);
    await worker.run(POLL);
    const nota = await getNota(db(), invoice.id);
    expect(nota).toMatchObject({
      status: 'rejected',
      rejectionReason: 'E0116: CPF do tomador não encontrado no cadastro da Receita Federal.',
      nextAttemptAt: null,
      submittedAt: null,
    });
    const notice = utf8Text(await smtp.waitFor(owner.email));
    expect(notice).toContain(`The NFS-e of invoice ${invoice.number} was refused by the issuer. Its reason:`);
    expect(notice).toContain('E0116: CPF do tomador não encontrado no cadastro da Receita Federal.');
    expect(notice).toContain('https://portal.example.com/account/settings?tab=billing');
    expect(smtp.countTo(developer.email)).toBe(0);
    expect(smtp.countTo('rej@example.com')).toBe(0);
    expect(
      await auditEntriesOf(db(), { organizationId: owner.organizationId, events: ['billing.nfse_rejected'] }),
    ).toMatchObject([{ actorType: 'system', details: { reason: nota?.rejectionReason } }]);
    expect(await getInvoice(owner, invoice.id)).toMatchObject({
      status: 'paid',
      nfse: { status: 'rejected' },
    });

    // Not retried on its own, however long.
    const sent = focus.requests.length;
    await worker.run(6 * 3_600_000);
    expect(focus.requests).toHaveLength(sent);
    expect(smtp.countTo(owner.email)).toBe(1);

    // The Owner corrects the details (the Billing tab requeues it in the same transaction).
    focus.acceptTaker('52998224725');
    await db().transaction(async (tx) => {
      await saveBillingDetails(tx, owner.organizationId, {
        taxId: '12345678000195',
        emails: ['rej@example.com'],
      });
      await requeueRejectedNfse(tx, owner.organizationId);
    });
    const issued = await issueThroughFocus(invoice.id);
    expect(focus.notas.get(issued.reference)?.payload).toMatchObject({ cnpj_tomador: '12345678000195' });
    expect(utf8Text(await smtp.waitFor('rej@example.com'))).toContain(`Número: ${issued.number}`);
  });

  it('goes back to pending when staff retry it, and is sent again', async () => {
    const account = await createAccount(test.app, db());
    await saveBillingDetails(db(), account.organizationId, { taxId: '11444777000161' });
    focus.rejectTaker('11444777000161', { codigo: 'E0160', mensagem: 'CNPJ do tomador inapto.' });
    const invoice = await createPaidInvoice(db(), account.organizationId, { issuer: 'focus' });
    await worker.run();
    await worker.run(POLL);
    await worker.run(POLL);
    const rejected = await getNota(db(), invoice.id);
    expect(rejected?.status).toBe('rejected');

    focus.acceptTaker('11444777000161');
    const retried = await db().transaction((tx) => retryNfse(tx, rejected!.id, worker.now()));
    expect(retried).toMatchObject({ status: 'pending', attempts: 0, rejectionReason: null });
    await issueThroughFocus(invoice.id);
    expect(await db().transaction((tx) => retryNfse(tx, rejected!.id))).toBeNull();
  });
});

describe('cancelling', () => {
  it('cancels an issued nota at the issuer; one it refuses waits, with the reason, for staff to retry', async () => {
    const account = await createAccount(test.app, db());
    await saveBillingDetails(db(), account.organizationId);
    const invoice = await createPaidInvoice(db(), account.organizationId, { issuer: 'focus' });
    const issued = await issueThroughFocus(invoice.id);

    expect(await db().transaction((tx) => requestNfseCancellation(tx, invoice.id))).toBe('cancelling');
    focus.refuseCancellations({ codigo: 'E523', mensagem: 'Prazo para cancelamento expirado.' });
    await worker.run();
    let nota = await getNota(db(), invoice.id);
    expect(nota).toMatchObject({
      status: 'cancelling',
      rejectionReason: 'E523: Prazo para cancelamento expirado.',
      nextAttemptAt: null,
    });
    const deletes = requestsFor(invoice.id, 'DELETE').length;
    await worker.run(6 * 3_600_000);
    expect(requestsFor(invoice.id, 'DELETE')).toHaveLength(deletes);

    focus.refuseCancellations(null);
    await db().transaction((tx) => retryNfse(tx, issued.id, worker.now()));
    await worker.run();
    nota = await getNota(db(), invoice.id);
    expect(nota).toMatchObject({ status: 'cancelled', rejectionReason: null, nextAttemptAt: null });
    expect(nota?.cancelledAt).not.toBeNull();
    expect(focus.notas.get(issued.reference)).toMatchObject({
      status: 'cancelado',
      justificativa: `Fatura ${invoice.number} anulada ou estornada: o serviço não foi cobrado.`,
    });
    expect(
      await auditEntriesOf(db(), {
        organizationId: account.organizationId,
        events: ['billing.nfse_cancelled'],
      }),
    ).toHaveLength(1);
    // A cancelled nota keeps its documents.
    expect(await getInvoice(account, invoice.id)).toMatchObject({
      nfse: {
        status: 'cancelled',
        number: issued.number,
        pdfUrl: `/api/billing/invoices/${invoice.id}/nfse.pdf`,
      },
    });
  });

  it('learns how a nota sent for processing went before cancelling it', async () => {
    const account = await createAccount(test.app, db());
    await saveBillingDetails(db(), account.organizationId, { emails: ['voided@example.com'] });
    const invoice = await createPaidInvoice(db(), account.organizationId, { issuer: 'focus' });
    await worker.run();
    expect((await getNota(db(), invoice.id))?.submittedAt).not.toBeNull();

    // Voided while Focus processes it: it may become a nota, so it is cancelled at the issuer, not here.
    expect(await db().transaction((tx) => requestNfseCancellation(tx, invoice.id))).toBe('cancelling');
    await worker.run();
    expect((await getNota(db(), invoice.id))?.status).toBe('cancelling');
    await worker.run(POLL);
    const nota = await getNota(db(), invoice.id);
    expect(nota).toMatchObject({ status: 'cancelled' });
    expect(nota?.number).not.toBeNull();
    expect(focus.notas.get(nota!.reference)?.status).toBe('cancelado');
    // Never mailed as issued: it was cancelled as soon as it existed.
    expect(smtp.countTo('voided@example.com')).toBe(0);
  });
});
