import { USAGE_CHART_DAYS } from '@cotacep/shared/constants';
import { usesQuota } from '@cotacep/shared/plans';
import type { Usage, UsageDay, UsageMonth, UsageQuery } from '@cotacep/shared/usage-schemas';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { projects } from '../../db/schema/projects.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';
import { getAccountLimits } from '../plans/account-limits.ts';
import { lastDays, lastMonths, monthStart, nextMonthStart, utcDay } from './period.ts';

const MONTHS_SHOWN = 12;

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

/**
 * The report's three statements, apart so the bench can EXPLAIN exactly these: the days from
 * `usage_daily`, the months and this period's per-key use from `usage_monthly` (one row per key, status
 * and month). Keys and projects are joined only among this account's own.
 */
export function usageReportQueries(db: Db, userId: string, query: UsageQuery, now: number) {
  const days = lastDays(now, USAGE_CHART_DAYS);
  const months = lastMonths(now, MONTHS_SHOWN);
  const requests = sql<string>`sum(${usageMonthly.count})`;
  const daily = db
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
  const monthly = db
    .select({ month: usageMonthly.month, status: usageMonthly.status, requests })
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
  // The quota is the account's: this period's use of every key, whatever the selection. By status, so
  // the one definition of what uses quota (`usesQuota`) decides.
  const period = db
    .select({
      keyId: usageMonthly.keyId,
      projectId: usageMonthly.projectId,
      status: usageMonthly.status,
      requests,
      description: apiKeys.description,
      prefix: apiKeys.secretPrefix,
      projectName: projects.name,
    })
    .from(usageMonthly)
    .leftJoin(apiKeys, and(eq(apiKeys.id, usageMonthly.keyId), eq(apiKeys.userId, userId)))
    .leftJoin(projects, and(eq(projects.id, usageMonthly.projectId), eq(projects.userId, userId)))
    .where(and(eq(usageMonthly.userId, userId), eq(usageMonthly.month, utcDay(monthStart(now).getTime()))))
    .groupBy(usageMonthly.keyId, usageMonthly.projectId, usageMonthly.status, apiKeys.id, projects.id);
  return { days, months, daily, monthly, period };
}

/** Plan consumption for the portal (the caller flushes first). */
export async function getUsageReport(
  db: Db,
  userId: string,
  query: UsageQuery,
  now = Date.now(),
): Promise<Usage> {
  const { days, months, daily, monthly, period } = usageReportQueries(db, userId, query, now);
  const [limits, dailyRows, monthlyRows, periodRows] = await Promise.all([
    getAccountLimits(db, userId),
    daily,
    monthly,
    period,
  ]);

  const dayBuckets = emptyBuckets(days);
  for (const row of dailyRows) addTo(dayBuckets, row.day, row.status, Number(row.requests));
  const monthBuckets = emptyBuckets(months);
  for (const row of monthlyRows) {
    addTo(monthBuckets, row.month.slice(0, 7), row.status, Number(row.requests));
  }

  const byKey = new Map<string, Usage['byKey'][number]>();
  const byProject = new Map<string, Usage['byProject'][number]>();
  let used = 0;
  for (const row of periodRows) {
    if (!usesQuota(row.status)) continue;
    const count = Number(row.requests);
    used += count;
    const key = byKey.get(row.keyId);
    if (key) key.used += count;
    else {
      byKey.set(row.keyId, {
        keyId: row.keyId,
        description: row.description,
        prefix: row.prefix,
        projectId: row.projectId,
        used: count,
      });
    }
    const project = byProject.get(row.projectId);
    if (project) project.used += count;
    else byProject.set(row.projectId, { projectId: row.projectId, name: row.projectName, used: count });
  }

  const periodStart = utcDay(monthStart(now).getTime());
  const periodEnd = new Date(nextMonthStart(now).getTime() - 86_400_000);
  return {
    plan: { id: limits.planId, monthlyQuota: limits.monthlyQuota, ratePerMinute: limits.ratePerMinute },
    period: {
      start: periodStart,
      end: utcDay(periodEnd.getTime()),
      resetsAt: nextMonthStart(now).toISOString(),
    },
    used,
    remaining: Math.max(0, limits.monthlyQuota - used),
    days: days.map((date): UsageDay => ({ date, ...dayBuckets.get(date)! })),
    months: months.map((label): UsageMonth => ({ month: label, ...monthBuckets.get(label)! })),
    byKey: [...byKey.values()].sort((a, b) => b.used - a.used),
    byProject: [...byProject.values()].sort((a, b) => b.used - a.used),
  };
}
