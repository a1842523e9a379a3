import type { DataExport } from '@cotacep/shared/privacy-schemas';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dataExports } from '../../db/schema/privacy-requests.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';

type DataExportRow = typeof dataExports.$inferSelect;

export function toDataExport(row: DataExportRow, now = new Date()): DataExport {
  const isExpired = row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now);
  return {
    id: row.id,
    status: isExpired ? 'expired' : row.status,
    requestedAt: row.requestedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

const findPending = async (tx: Db, userId: string) => {
  const [row] = await tx
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')));
  return row ?? null;
};

/**
 * "Download my data": a new pending export, or the one already being prepared. The partial unique index
 * (one pending per user) settles two requests at once: the second inserts nothing and reads the first.
 * Returns whether it was created, so the caller wakes the worker only then.
 */
export async function requestDataExport(
  db: Db,
  context: AuditContext,
  userId: string,
): Promise<{ dataExport: DataExport; isNew: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction(async (tx) => {
      const [created] = await tx.insert(dataExports).values({ userId }).onConflictDoNothing().returning();
      if (created) {
        await recordAudit(tx, context, {
          event: 'account.export_requested',
          userId,
          target: { type: 'data_export', id: created.id },
        });
        return { row: created, isNew: true };
      }
      const pending = await findPending(tx, userId);
      return pending ? { row: pending, isNew: false } : null;
    });
    // Null: the pending one was finished between the insert and the read; ask again.
    if (result) return { dataExport: toDataExport(result.row), isNew: result.isNew };
  }
  throw new AppError('ServiceUnavailable');
}

/** The user's latest export, whatever its state, or null. */
export async function findLatestDataExport(db: Db, userId: string): Promise<DataExport | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return row ? toDataExport(row) : null;
}

/** The file of a ready, unexpired export of this user; 404 for anyone else's, a pending or an expired one. */
export async function readDataExportFile(
  db: Db,
  userId: string,
  exportId: string,
  now = new Date(),
): Promise<{ content: string; completedAt: Date }> {
  const [row] = await db
    .select({ content: dataExports.content, completedAt: dataExports.completedAt })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, exportId),
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        gt(dataExports.expiresAt, now),
        isNotNull(dataExports.content),
      ),
    );
  if (!row?.content) throw new AppError('NotFound');
  return { content: row.content, completedAt: row.completedAt ?? now };
}
