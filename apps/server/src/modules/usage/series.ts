import { USAGE_CHART_DAYS } from '@cotacep/shared/constants';
import type { UsageDay, UsageMonth, UsageQuery } from '@cotacep/shared/usage-schemas';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';
import { lastDays, lastMonths } from './period.ts';

// The chart's series (Days and Months) for a key or project filter, read alike by `/usage` and `/usage.csv`.

/** The Months view's length, the current month last. */
export const MONTHS_SHOWN = 12;

type Bucket = { total: number; byStatus: Record<string, number> };

function addTo(buckets: Map<string, Bucket>, label: string, status: number, requests: number) {
  const bucket = buckets.get(label);
  if (!bucket) return;
  bucket.total += requests;
  bucket.byStatus[status] = (bucket.byStatus[status] ?? 0) + requests;
}

function emptyBuckets(labels: string[]): Map<string, Bucket> {
  return new Map(labels.map((label) => [label, { total: 0, byStatus: {} }]));
}

/** The chart's days, by status, narrowed by the filter, from `usage_daily`. */
export function dailyUsageQuery(db: Db, userId: string, query: UsageQuery, days: string[]) {
  return db
    .select({
      day: usageDaily.day,
      status: usageDaily.status,
      requests: sql<string>`sum(${usageDaily.count})`,
    })
    .from(usageDaily)
    .where(
      and(
        eq(usageDaily.userId, userId),
        gte(usageDaily.day, days[0]!),
        query.keyId ? eq(usageDaily.keyId, query.keyId) : undefined,
        query.projectId ? eq(usageDaily.projectId, query.projectId) : undefined,
      ),
    )
    .groupBy(usageDaily.day, usageDaily.status);
}

/** The chart's months, by status, narrowed by the filter, from `usage_monthly`. */
export function monthlyUsageQuery(db: Db, userId: string, query: UsageQuery, months: string[]) {
  return db
    .select({
      month: usageMonthly.month,
      status: usageMonthly.status,
      requests: sql<string>`sum(${usageMonthly.count})`,
    })
    .from(usageMonthly)
    .where(
      and(
        eq(usageMonthly.userId, userId),
        gte(usageMonthly.month, `${months[0]}-01`),
        query.keyId ? eq(usageMonthly.keyId, query.keyId) : undefined,
        query.projectId ? eq(usageMonthly.projectId, query.projectId) : undefined,
      ),
    )
    .groupBy(usageMonthly.month, usageMonthly.status);
}

/** The Days view's series: every day of the window, oldest first, zeros included. */
export function toDays(
  days: string[],
  rows: { day: string; status: number; requests: string }[],
): UsageDay[] {
  const buckets = emptyBuckets(days);
  for (const row of rows) addTo(buckets, row.day, row.status, Number(row.requests));
  return days.map((date): UsageDay => ({ date, ...buckets.get(date)! }));
}

/** The Months view's series: every month of the window, oldest first, zeros included. */
export function toMonths(
  months: string[],
  rows: { month: string; status: number; requests: string }[],
): UsageMonth[] {
  const buckets = emptyBuckets(months);
  for (const row of rows) addTo(buckets, row.month.slice(0, 7), row.status, Number(row.requests));
  return months.map((month): UsageMonth => ({ month, ...buckets.get(month)! }));
}

/** One view's series for the filter, as `getUsageReport` gives it (the CSV export's numbers). */
export async function getUsageSeries(
  db: Db,
  userId: string,
  query: UsageQuery,
  view: 'days' | 'months',
  now = Date.now(),
): Promise<UsageDay[] | UsageMonth[]> {
  if (view === 'months') {
    const months = lastMonths(now, MONTHS_SHOWN);
    return toMonths(months, await monthlyUsageQuery(db, userId, query, months));
  }
  const days = lastDays(now, USAGE_CHART_DAYS);
  return toDays(days, await dailyUsageQuery(db, userId, query, days));
}
