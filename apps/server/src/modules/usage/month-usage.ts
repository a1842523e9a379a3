import { usesQuota } from '@cotacep/shared/plans';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';

/**
 * Requests of an account's month (`YYYY-MM`, UTC) counted against its quota, from the database: the
 * month's rollup rows by status, of which only 2xx and 304 count (decision 007).
 */
export async function getMonthQuotaUse(db: Db, userId: string, month: string): Promise<number> {
  const rows = await db
    .select({ status: usageMonthly.status, requests: sql<string>`sum(${usageMonthly.count})` })
    .from(usageMonthly)
    .where(and(eq(usageMonthly.userId, userId), eq(usageMonthly.month, `${month}-01`)))
    .groupBy(usageMonthly.status);
  let used = 0;
  for (const row of rows) if (usesQuota(row.status)) used += Number(row.requests);
  return used;
}
