import { usesQuota } from '@cotacep/shared/plans';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usageFlushes } from '../../db/schema/usage-flushes.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';

/**
 * Requests of an account's month (`YYYY-MM`, UTC) counted against its quota, from the database: the
 * month's rollup rows by status, of which only 2xx and 304 count (decision 007).
 */
export async function getMonthQuotaUse(db: Db, organizationId: string, month: string): Promise<number> {
  const rows = await db
    .select({ status: usageMonthly.status, requests: sql<string>`sum(${usageMonthly.count})` })
    .from(usageMonthly)
    .where(and(eq(usageMonthly.organizationId, organizationId), eq(usageMonthly.month, `${month}-01`)))
    .groupBy(usageMonthly.status);
  let used = 0;
  for (const row of rows) if (usesQuota(row.status)) used += Number(row.requests);
  return used;
}

/**
 * The month's quota use and which of the given Redis batches are already written, read from one snapshot
 * (repeatable read), so a batch is counted either in the tables or as still in Redis, never in neither.
 */
export async function getMonthQuotaUseAndFlushes(
  db: Db,
  organizationId: string,
  month: string,
  flushIds: string[],
): Promise<{ used: number; written: Set<string> }> {
  return db.transaction(
    async (tx) => {
      const used = await getMonthQuotaUse(tx as unknown as Db, organizationId, month);
      if (flushIds.length === 0) return { used, written: new Set<string>() };
      const rows = await tx
        .select({ id: usageFlushes.id })
        .from(usageFlushes)
        .where(inArray(usageFlushes.id, flushIds));
      return { used, written: new Set(rows.map((row) => row.id)) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
