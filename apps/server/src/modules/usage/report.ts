import { USAGE_CHART_DAYS } from '@cotacep/shared/constants';
import type { Usage, UsageDay, UsageMonth, UsageQuery } from '@cotacep/shared/usage-schemas';
import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { projects } from '../../db/schema/projects.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { getAccountLimits } from '../gateway/account-limits.ts';
import { REFUSAL_STATUSES } from './meter.ts';
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

/** Plan consumption for the portal, read from the daily usage table (the caller flushes first). */
export async function getUsageReport(
  db: Db,
  userId: string,
  query: UsageQuery,
  now = Date.now(),
): Promise<Usage> {
  const limits = await getAccountLimits(db, userId);
  const days = lastDays(now, USAGE_CHART_DAYS);
  const months = lastMonths(now, MONTHS_SHOWN);
  const periodStart = utcDay(monthStart(now).getTime());
  const selection = and(
    eq(usageDaily.userId, userId),
    query.keyId ? eq(usageDaily.keyId, query.keyId) : undefined,
    query.projectId ? eq(usageDaily.projectId, query.projectId) : undefined,
  );
  const requests = sql<string>`sum(${usageDaily.count})`;
  const month = sql<string>`to_char(${usageDaily.day}, 'YYYY-MM')`;

  const [dailyRows, monthlyRows, periodRows] = await Promise.all([
    db
      .select({ day: usageDaily.day, status: usageDaily.status, requests })
      .from(usageDaily)
      .where(and(selection, gte(usageDaily.day, days[0]!)))
      .groupBy(usageDaily.day, usageDaily.status),
    db
      .select({ month, status: usageDaily.status, requests })
      .from(usageDaily)
      .where(and(selection, gte(usageDaily.day, `${months[0]}-01`)))
      .groupBy(month, usageDaily.status),
    // The quota is the account's: this period's use of every key, whatever the selection.
    db
      .select({
        keyId: usageDaily.keyId,
        projectId: usageDaily.projectId,
        requests,
        description: apiKeys.description,
        prefix: apiKeys.secretPrefix,
        projectName: projects.name,
      })
      .from(usageDaily)
      .leftJoin(apiKeys, eq(apiKeys.id, usageDaily.keyId))
      .leftJoin(projects, eq(projects.id, usageDaily.projectId))
      .where(
        and(
          eq(usageDaily.userId, userId),
          gte(usageDaily.day, periodStart),
          notInArray(usageDaily.status, [...REFUSAL_STATUSES]),
        ),
      )
      .groupBy(usageDaily.keyId, usageDaily.projectId, apiKeys.id, projects.id),
  ]);

  const dayBuckets = emptyBuckets(days);
  for (const row of dailyRows) addTo(dayBuckets, row.day, row.status, Number(row.requests));
  const monthBuckets = emptyBuckets(months);
  for (const row of monthlyRows) addTo(monthBuckets, row.month, row.status, Number(row.requests));

  const byKey = new Map<string, Usage['byKey'][number]>();
  const byProject = new Map<string, Usage['byProject'][number]>();
  let used = 0;
  for (const row of periodRows) {
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
