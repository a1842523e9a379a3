import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type NfseRow, nfse } from '#server/db/schema/nfse.ts';

/** Our reference for an invoice's nota at the issuer (Focus's `ref`): the invoice id's letters and digits. */
export function nfseReferenceOf(invoiceId: string): string {
  return invoiceId.replace(/[^A-Za-z0-9]/g, '');
}

/**
 * Queues the nota of an invoice in reais that just became paid, in the transaction that records the payment:
 * `ON CONFLICT (invoice_id) DO NOTHING` on the unique index, so two instances, a replayed webhook or fifty
 * copies of one event leave exactly one row. Answers whether this call inserted it.
 */
export async function queueNfse(
  tx: Db,
  invoice: { id: string; organizationId: string; currency: string },
  issuer: string,
): Promise<boolean> {
  if (invoice.currency !== 'BRL') return false;
  const inserted = await tx
    .insert(nfse)
    .values({
      organizationId: invoice.organizationId,
      invoiceId: invoice.id,
      issuer,
      reference: nfseReferenceOf(invoice.id),
      status: 'pending',
    })
    .onConflictDoNothing({ target: nfse.invoiceId })
    .returning({ id: nfse.id });
  return inserted.length > 0;
}

/** A nota the issuer may have received: sent, claimed by a worker, or tried before (a timeout may have arrived). */
const mayHaveReachedIssuer = (row: NfseRow) =>
  row.submittedAt !== null || row.claimedAt !== null || row.attempts > 0;

/**
 * The nota of a voided or refunded invoice, in that change's transaction: an issued one (or one the issuer
 * may have received) goes to `cancelling` for the worker; one never sent, or rejected, is cancelled here
 * without calling the issuer. Answers what it did: `cancelling` means the worker has work.
 */
export async function requestNfseCancellation(
  tx: Db,
  invoiceId: string,
  now: Date = new Date(),
): Promise<'cancelling' | 'cancelled' | null> {
  const [row] = await tx.select().from(nfse).where(eq(nfse.invoiceId, invoiceId)).for('update');
  if (!row || row.status === 'cancelling' || row.status === 'cancelled') return null;
  const isNeverIssued = row.status === 'rejected' || (row.status === 'pending' && !mayHaveReachedIssuer(row));
  if (isNeverIssued) {
    await tx
      .update(nfse)
      .set({
        status: 'cancelled',
        cancelRequestedAt: now,
        cancelledAt: now,
        nextAttemptAt: null,
        updatedAt: now,
      })
      .where(eq(nfse.id, row.id));
    return 'cancelled';
  }
  await tx
    .update(nfse)
    .set({
      status: 'cancelling',
      cancelRequestedAt: now,
      nextAttemptAt: now,
      attempts: 0,
      rejectionReason: null,
      updatedAt: now,
    })
    .where(eq(nfse.id, row.id));
  return 'cancelling';
}

/**
 * Staff's "retry" (the console, issue 27): a rejected nota goes back to pending with its attempts reset; one
 * waiting for the issuer (down, or a cancellation it refused) is tried at once. Answers the row as it is now,
 * or null when there is nothing to retry (issued, cancelled, or no such nota). Wake the sweeper afterwards.
 */
export async function retryNfse(tx: Db, id: string, now: Date = new Date()): Promise<NfseRow | null> {
  const [row] = await tx.select().from(nfse).where(eq(nfse.id, id)).for('update');
  if (!row || row.status === 'issued' || row.status === 'cancelled') return null;
  const change =
    row.status === 'rejected'
      ? { status: 'pending' as const, attempts: 0, rejectionReason: null, submittedAt: null, lastError: null }
      : { attempts: 0, rejectionReason: null };
  const [updated] = await tx
    .update(nfse)
    .set({ ...change, nextAttemptAt: now, updatedAt: now })
    .where(eq(nfse.id, id))
    .returning();
  return updated ?? null;
}
