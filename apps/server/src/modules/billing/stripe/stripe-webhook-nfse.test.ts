import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { nfse } from '#server/db/schema/nfse.ts';
import {
  FOCUS_TEST_TOKEN,
  type FocusNfseServer,
  startFocusNfseServer,
} from '#server/modules/nfse/test-support/focus-nfse-server.ts';
import { saveBillingDetails, takeOverWorker } from '#server/modules/nfse/test-support/paid-invoice.ts';
import { NFSE_POLL_DELAY_MS } from '#server/modules/nfse/worker.ts';
import { createAccount, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { auditEntriesOf } from '#server/test/audit-entries.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { type SmtpSink, startSmtpSink } from '#server/test/smtp-sink.ts';
import { startTestStripeServer, type TestStripeServer } from './test-stripe-server.ts';
import { deliver, stripeEvent, subscribe, WEBHOOK_SECRET } from './test-support/stripe-test-app.ts';

/**
 * Issue 27: two instances on one database, each with its own NFS-e worker, the real issuer's adapter and
 * Stripe's webhooks. The same payment event delivered to both, twice, and both workers sweeping together
 * give exactly one nota and one DPS at the issuer; a refund's event, likewise, one cancellation.
 */
let database: Database;
let stripe: TestStripeServer;
let focus: FocusNfseServer;
let smtp: SmtpSink;
let instances: TestApp[] = [];
let workers: Awaited<ReturnType<typeof takeOverWorker>>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startTestStripeServer();
  focus = await startFocusNfseServer();
  smtp = await startSmtpSink();
  const env = {
    ...GATEWAY_TEST_ENV,
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_cotacep',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    NFSE_ISSUER: 'focus',
    NFSE_BASE_URL: focus.url,
    NFSE_API_TOKEN: FOCUS_TEST_TOKEN,
    SMTP_URL: smtp.url,
  };
  instances = [await createTestApp({ database, env }), await createTestApp({ database, env })];
  workers = await Promise.all(instances.map((instance) => takeOverWorker(instance.app)));
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.app.close()));
  await database.close();
  await Promise.all([stripe.close(), focus.close(), smtp.close()]);
});

const apps = (): FastifyInstance[] => instances.map((instance) => instance.app);
const notasOf = (invoiceId: string) => database.db.select().from(nfse).where(eq(nfse.invoiceId, invoiceId));

/** Both instances' workers sweep at once, `rounds` times, the clock moving past the issuer's processing. */
async function sweepTogether(rounds: number) {
  for (let round = 0; round < rounds; round += 1)
    await Promise.all(workers.map((worker) => worker.run(NFSE_POLL_DELAY_MS + 1_000)));
}

describe('two instances, a payment event delivered twice to each', () => {
  it('queue one nota and send one DPS; a refund delivered likewise cancels it once', async () => {
    const [first] = apps() as [FastifyInstance];
    const account = await createAccount(first, database.db);
    await saveBillingDetails(database.db, account.organizationId, { emails: ['twice@example.com'] });
    const { subscription } = await subscribe({ ...instances[0]!, stripe }, account, {
      planId: 'pro',
      cycle: 'yearly',
    });
    const invoice = stripe.addInvoice(subscription.id, { status: 'paid' });

    const paid = stripeEvent('invoice.paid', invoice);
    const answers = await Promise.all([...apps(), ...apps()].map((app) => deliver(app, paid)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    // A second event of the same payment (another id) changes nothing either.
    expect((await deliver(first, stripeEvent('invoice.paid', invoice))).statusCode).toBe(200);
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'paid', currency: 'BRL' });
    expect(await notasOf(invoice.id)).toHaveLength(1);

    await sweepTogether(4);
    const [nota] = await notasOf(invoice.id);
    expect(nota).toMatchObject({ status: 'issued', issuer: 'focus', number: '1' });
    expect(focus.issueRequests().filter((request) => request.path.endsWith(nota!.reference))).toHaveLength(1);
    expect(focus.notas.size).toBe(1);
    await smtp.waitFor('twice@example.com');
    expect(smtp.countTo('twice@example.com')).toBe(1);
    expect(
      await auditEntriesOf(database.db, {
        organizationId: account.organizationId,
        events: ['billing.nfse_issued'],
      }),
    ).toHaveLength(1);

    const charge = stripe.refundInvoice(invoice.id);
    const refunded = stripeEvent('charge.refunded', charge);
    const refundAnswers = await Promise.all([...apps(), ...apps()].map((app) => deliver(app, refunded)));
    expect(refundAnswers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const [voided] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(voided?.status).toBe('void');
    expect((await notasOf(invoice.id))[0]?.status).toBe('cancelling');

    await sweepTogether(2);
    expect((await notasOf(invoice.id))[0]).toMatchObject({ status: 'cancelled' });
    expect(focus.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(focus.notas.get(nota!.reference)?.status).toBe('cancelado');
    const entries = await auditEntriesOf(database.db, {
      organizationId: account.organizationId,
      events: ['billing.invoice_refunded', 'billing.nfse_cancelled'],
    });
    expect(entries).toMatchObject([
      { event: 'billing.invoice_refunded', actorType: 'system', targetId: invoice.id },
      { event: 'billing.nfse_cancelled', actorType: 'system', targetId: invoice.id },
    ]);
    // A void invoice is final: Stripe's invoice, still "paid", read again later, does not bring it back.
    expect((await deliver(first, stripeEvent('invoice.paid', invoice))).statusCode).toBe(200);
    const [still] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(still?.status).toBe('void');
  }, 30_000);

  it('ignores a partial refund: the invoice stays paid and its nota stands', async () => {
    const [first] = apps() as [FastifyInstance];
    const account = await createAccount(first, database.db);
    await saveBillingDetails(database.db, account.organizationId);
    const { subscription } = await subscribe({ ...instances[0]!, stripe }, account);
    const invoice = stripe.addInvoice(subscription.id, { status: 'paid' });
    expect((await deliver(first, stripeEvent('invoice.paid', invoice))).statusCode).toBe(200);
    const charge = stripe.refundInvoice(invoice.id);
    Object.assign(charge, { refunded: false, amount_refunded: 1_000 });
    expect((await deliver(first, stripeEvent('charge.refunded', charge))).statusCode).toBe(200);
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.status).toBe('paid');
    expect((await notasOf(invoice.id))[0]?.status).toBe('pending');
  });
});
