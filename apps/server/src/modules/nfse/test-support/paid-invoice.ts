import { randomUUID } from 'node:crypto';
import type { BillingCurrency } from '@cotacep/shared/plans';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { billingDetails } from '#server/db/schema/billing-details.ts';
import { type InvoiceRow, invoices } from '#server/db/schema/invoices.ts';
import { type NfseRow, nfse } from '#server/db/schema/nfse.ts';
import { queueNfse } from '../lifecycle.ts';
import { runNfseWorker } from '../worker.ts';

/** A company in São Paulo, as the Billing tab saves one (issue 27). */
export async function saveBillingDetails(
  db: Db,
  organizationId: string,
  details: { taxId?: string; emails?: string[]; legalName?: string } = {},
) {
  const values = {
    organizationId,
    country: 'BR',
    legalName: details.legalName ?? 'Lima & Filhos Tecnologia Ltda.',
    taxId: details.taxId ?? '12345678000195',
    postalCode: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    cityCode: '3550308',
    emails: details.emails ?? ['financeiro@example.com'],
  };
  await db
    .insert(billingDetails)
    .values(values)
    .onConflictDoUpdate({ target: billingDetails.organizationId, set: values });
}

/**
 * An invoice the provider just reported paid, and its nota queued in the same transaction, as
 * `applyBillingChange` does (billing's own tests go through the payment itself).
 */
export async function createPaidInvoice(
  db: Db,
  organizationId: string,
  { currency = 'BRL', issuer = 'test' }: { currency?: BillingCurrency; issuer?: string } = {},
): Promise<InvoiceRow> {
  const now = new Date();
  const id = `in_test_${randomUUID()}`;
  const row = {
    id,
    provider: 'test' as const,
    organizationId,
    subscriptionId: null,
    number: `NF${id.slice(-8).toUpperCase()}-0001`,
    status: 'paid' as const,
    amount: currency === 'BRL' ? 7990 : 1990,
    currency,
    planId: 'pro' as const,
    cycle: 'monthly' as const,
    periodStart: now,
    periodEnd: new Date(now.getTime() + 30 * 86_400_000),
    paidAt: now,
    paymentMethod: 'card' as const,
    billedTo: null,
    stateAt: now,
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    await tx.insert(invoices).values(row);
    await queueNfse(tx, row, issuer);
  });
  const [stored] = await db.select().from(invoices).where(eq(invoices.id, id));
  return stored as InvoiceRow;
}

export async function getNota(db: Db, invoiceId: string): Promise<NfseRow | undefined> {
  return (await db.select().from(nfse).where(eq(nfse.invoiceId, invoiceId)))[0];
}

/** Stops the app's own sweeper so a test drives the worker, with a clock it moves. */
export async function takeOverWorker(app: FastifyInstance) {
  await app.nfse.sweeper.stop();
  let offsetMs = 0;
  app.nfse.deps.now = () => new Date(Date.now() + offsetMs);
  return {
    /** One pass of the worker, `laterMs` after the previous moves of the clock. */
    async run(laterMs = 0) {
      offsetMs += laterMs;
      return runNfseWorker(app.nfse.deps);
    },
    now: () => app.nfse.deps.now(),
  };
}
