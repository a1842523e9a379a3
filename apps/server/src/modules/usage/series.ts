import { USAGE_CHART_DAYS } from '@cotacep/shared/constants';
import type { UsageDay, UsageMonth, UsageQuery } from '@cotacep/shared/usage-schemas';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';
import { lastDays, lastMonths } from './period.ts';

// The chart's series (Days and Months) for a key or project filter, read alike by `/usage` and `/usage.csv`.

/** The Months view's longest window, the current month last; an account shows only its own months. */
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
export function dailyUsageQuery(db: Db, organizationId: string, query: UsageQuery, days: string[]) {
  return db
    .select({
      day: usageDaily.day,
      status: usageDaily.status,
      requests: sql<string>`sum(${usageDaily.count})`,
    })
    .from(usageDaily)
    .where(
      and(
        eq(usageDaily.organizationId, organizationId),
        gte(usageDaily.day, days[0]!),
        query.keyId ? eq(usageDaily.keyId, query.keyId) : undefined,
        query.projectId ? eq(usageDaily.projectId, query.projectId) : undefined,
      ),
    )
    .groupBy(usageDaily.day, usageDaily.status);
}

/** The chart's months, by status, narrowed by the filter, from `usage_monthly`. */
export function monthlyUsageQuery(db: Db, organizationId: string, query: UsageQuery, months: string[]) {
  return db
    .select({
      month: usageMonthly.month,
      status: usageMonthly.status,
      requests: sql<string>`sum(${usageMonthly.count})`,
    })
    .from(usageMonthly)
    .where(
      and(
        eq(usageMonthly.organizationId, organizationId),
        gte(usageMonthly.month, `${months[0]}-01`),
        query.keyId ? eq(usageMonthly.keyId, query.keyId) : undefined,
        query.projectId ? eq(usageMonthly.projectId, query.projectId) : undefined,
      ),
    )
    .groupBy(usageMonthly.month, usageMonthly.status);
}

/**
 * Where the account's months begin (`YYYY-MM`): its creation, or its first recorded use in the window when
 * earlier (history written before the account row, as the demo's). Months before it would only be empty
 * bars of a quota the account never had.
 */
export function accountStartQuery(db: Db, organizationId: string, months: string[]) {
  const firstUse = db
    .select({ month: sql`to_char(min(${usageMonthly.month}), 'YYYY-MM')` })
    .from(usageMonthly)
    .where(and(eq(usageMonthly.organizationId, organizationId), gte(usageMonthly.month, `${months[0]}-01`)));
  return db
    .select({
      created: sql<string>`to_char(${organizations.createdAt} at time zone 'UTC', 'YYYY-MM')`,
      firstUse: sql<string | null>`(${firstUse})`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
}

/** The window's months from the account's start on; the current month always. */
export function sinceAccountStart(
  months: string[],
  rows: { created: string; firstUse: string | null }[],
): string[] {
  const current = months.at(-1)!;
  const [row] = rows;
  const start = [row?.created ?? current, row?.firstUse ?? current, current].sort()[0]!;
  return months.filter((month) => month >= start);
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

/** The Months view's series: every month given, oldest first, zeros included. */
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
  organizationId: string,
  query: UsageQuery,
  view: 'days' | 'months',
  now = Date.now(),
): Promise<UsageDay[] | UsageMonth[]> {
  if (view === 'months') {
    const window = lastMonths(now, MONTHS_SHOWN);
    const months = sinceAccountStart(window, await accountStartQuery(db, organizationId, window));
    return toMonths(months, await monthlyUsageQuery(db, organizationId, query, months));
  }
  const days = lastDays(now, USAGE_CHART_DAYS);
  return toDays(days, await dailyUsageQuery(db, organizationId, query, days));
}
