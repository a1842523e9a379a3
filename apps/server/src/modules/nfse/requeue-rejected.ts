import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { nfse } from '#server/db/schema/nfse.ts';

/**
 * A rejected nota is tried again once its organization's billing details change (the usual reason for a
 * rejection is the tomador's data): called in the transaction that saves them.
 */
export async function requeueRejectedNfse(tx: Db, organizationId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(nfse)
    .set({ status: 'pending', nextAttemptAt: now, rejectionReason: null, attempts: 0, updatedAt: now })
    .where(and(eq(nfse.organizationId, organizationId), eq(nfse.status, 'rejected')));
}
