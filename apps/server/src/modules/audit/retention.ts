import { and, asc, eq, gt, lt, lte, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditChainHeads, auditEvents } from '../../db/schema/audit-events.ts';

/**
 * The one deletion of the audit log: entries older than the retention (a year by default) leave their
 * chains from the start, and each head moves its start forward, so `audit:verify` still holds.
 * Returns how many entries went.
 */
export async function pruneAuditLog(db: Db, before: Date): Promise<number> {
  const chains = await db
    .selectDistinct({ chainId: auditEvents.chainId })
    .from(auditEvents)
    .where(lt(auditEvents.occurredAt, before));
  let removed = 0;
  for (const { chainId } of chains) {
    removed += await db.transaction(async (tx) => {
      const [head] = await tx
        .select()
        .from(auditChainHeads)
        .where(eq(auditChainHeads.chainId, chainId))
        .for('update');
      if (!head) return 0;
      // A prefix of the chain: everything up to its newest old entry (clocks of two instances may differ).
      const [newestOld] = await tx
        .select({ sequence: max(auditEvents.sequence) })
        .from(auditEvents)
        .where(and(eq(auditEvents.chainId, chainId), lt(auditEvents.occurredAt, before)));
      const lastRemoved = newestOld?.sequence ?? null;
      if (lastRemoved === null) return 0;
      const old = await tx
        .delete(auditEvents)
        .where(and(eq(auditEvents.chainId, chainId), lte(auditEvents.sequence, lastRemoved)))
        .returning({ sequence: auditEvents.sequence });
      const [next] = await tx
        .select({ sequence: auditEvents.sequence, previousHash: auditEvents.previousHash })
        .from(auditEvents)
        .where(and(eq(auditEvents.chainId, chainId), gt(auditEvents.sequence, lastRemoved)))
        .orderBy(asc(auditEvents.sequence))
        .limit(1);
      await tx
        .update(auditChainHeads)
        .set(
          next
            ? { firstSequence: next.sequence, firstPreviousHash: next.previousHash }
            : { firstSequence: head.lastSequence + 1, firstPreviousHash: head.lastHash },
        )
        .where(eq(auditChainHeads.chainId, chainId));
      return old.length;
    });
  }
  return removed;
}
