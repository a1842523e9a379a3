import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { REFUSAL_STATUSES } from './meter.ts';
import { nextMonthStart, utcDay } from './period.ts';

/** Requests of an account's month (`YYYY-MM`, UTC) counted against its quota, from the database. */
export async function getMonthQuotaUse(db: Db, userId: string, month: string): Promise<number> {
  const first = `${month}-01`;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${usageDaily.count}), 0)` })
    .from(usageDaily)
    .where(
      and(
        eq(usageDaily.userId, userId),
        gte(usageDaily.day, first),
        lt(usageDaily.day, utcDay(nextMonthStart(Date.parse(first)).getTime())),
        notInArray(usageDaily.status, [...REFUSAL_STATUSES]),
      ),
    );
  return Number(row?.total ?? 0);
}
