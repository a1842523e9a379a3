import { USAGE_CHART_DAYS } from '@cotacep/shared/constants';
import { usesQuota } from '@cotacep/shared/plans';
import type { Usage, UsageQuery } from '@cotacep/shared/usage-schemas';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { projects } from '../../db/schema/projects.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { usageHourly } from '../../db/schema/usage-hourly.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';
import { DAY_MS, HOUR_MS, utcDay } from '../../lib/time.ts';
import { getAccountLimits } from '../plans/account-limits.ts';
import { hourStart, lastDays, lastMonths, monthStart, nextMonthStart } from './period.ts';
import { getGrantedQuota, grantPeriod } from './quota-grants.ts';
import {
  accountStartQuery,
  dailyUsageQuery,
  MONTHS_SHOWN,
  monthlyUsageQuery,
  sinceAccountStart,
  toDays,
  toMonths,
} from './series.ts';

/**
 * The report's statements, apart so the bench can EXPLAIN exactly these: the days from `usage_daily`,
 * the months and this period's per-key use from `usage_monthly` (one row per key, status and month), the
 * last 24 hours from `usage_hourly`, each key's 15 days, and where the account's months begin. `months`
 * is the longest window; the report keeps those from the account's start on. Keys and projects are joined
 * only among this account's own.
 */
export function usageReportQueries(db: Db, organizationId: string, query: UsageQuery, now: number) {
  const days = lastDays(now, USAGE_CHART_DAYS);
  const months = lastMonths(now, MONTHS_SHOWN);
  const requests = sql<string>`sum(${usageMonthly.count})`;
  const daily = dailyUsageQuery(db, organizationId, query, days);
  const monthly = monthlyUsageQuery(db, organizationId, query, months);
  const accountStart = accountStartQuery(db, organizationId, months);
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
    .leftJoin(apiKeys, and(eq(apiKeys.id, usageMonthly.keyId), eq(apiKeys.organizationId, organizationId)))
    .leftJoin(
      projects,
      and(eq(projects.id, usageMonthly.projectId), eq(projects.organizationId, organizationId)),
    )
    .where(
      and(
        eq(usageMonthly.organizationId, organizationId),
        eq(usageMonthly.month, utcDay(monthStart(now).getTime())),
      ),
    )
    .groupBy(usageMonthly.keyId, usageMonthly.projectId, usageMonthly.status, apiKeys.id, projects.id);
  const firstHour = hourStart(now) - 23 * HOUR_MS;
  const hourly = db
    .select({ status: usageHourly.status, requests: sql<string>`sum(${usageHourly.count})` })
    .from(usageHourly)
    .where(
      and(
        eq(usageHourly.organizationId, organizationId),
        gte(usageHourly.hour, new Date(firstHour).toISOString()),
        query.keyId ? eq(usageHourly.keyId, query.keyId) : undefined,
        query.projectId ? eq(usageHourly.projectId, query.projectId) : undefined,
      ),
    )
    .groupBy(usageHourly.status);
  // Every key's days, whatever the selection: the keys table's sparklines.
  const keyDays = db
    .select({
      keyId: usageDaily.keyId,
      projectId: usageDaily.projectId,
      day: usageDaily.day,
      requests: sql<string>`sum(${usageDaily.count})`,
      description: apiKeys.description,
      prefix: apiKeys.secretPrefix,
    })
    .from(usageDaily)
    .leftJoin(apiKeys, and(eq(apiKeys.id, usageDaily.keyId), eq(apiKeys.organizationId, organizationId)))
    .where(and(eq(usageDaily.organizationId, organizationId), gte(usageDaily.day, days[0]!)))
    .groupBy(usageDaily.keyId, usageDaily.projectId, usageDaily.day, apiKeys.id);
  return { days, months, daily, monthly, period, hourly, keyDays, accountStart };
}

/** Every answer of the last 24 h, the 4xx (429 included) and the 5xx apart. */
function toLast24h(rows: { status: number; requests: string }[]): Usage['last24h'] {
  const last24h = { total: 0, clientErrors: 0, serverErrors: 0 };
  for (const row of rows) {
    const count = Number(row.requests);
    last24h.total += count;
    if (row.status >= 400 && row.status < 500) last24h.clientErrors += count;
    else if (row.status >= 500) last24h.serverErrors += count;
  }
  return last24h;
}

/** Plan consumption for the portal (the caller flushes first). */
export async function getUsageReport(
  db: Db,
  organizationId: string,
  query: UsageQuery,
  now = Date.now(),
): Promise<Usage> {
  const { days, months, daily, monthly, period, hourly, keyDays, accountStart } = usageReportQueries(
    db,
    organizationId,
    query,
    now,
  );
  const [limits, extraQuota, dailyRows, monthlyRows, periodRows, hourlyRows, keyDayRows, startRows] =
    await Promise.all([
      getAccountLimits(db, organizationId),
      getGrantedQuota(db, organizationId, grantPeriod(now)),
      daily,
      monthly,
      period,
      hourly,
      keyDays,
      accountStart,
    ]);

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
        days: days.map(() => 0),
      });
    }
    const project = byProject.get(row.projectId);
    if (project) project.used += count;
    else byProject.set(row.projectId, { projectId: row.projectId, name: row.projectName, used: count });
  }

  // A key answered in the 15 days but with no quota use this period is listed too, with `used` 0.
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  for (const row of keyDayRows) {
    let key = byKey.get(row.keyId);
    if (!key) {
      key = {
        keyId: row.keyId,
        description: row.description,
        prefix: row.prefix,
        projectId: row.projectId,
        used: 0,
        days: days.map(() => 0),
      };
      byKey.set(row.keyId, key);
    }
    const index = dayIndex.get(row.day);
    if (index !== undefined) key.days[index]! += Number(row.requests);
  }

  const periodStart = utcDay(monthStart(now).getTime());
  const periodEnd = new Date(nextMonthStart(now).getTime() - DAY_MS);
  // Staff grants for this period raise the quota the gateway enforces, and so the one shown (issue 26).
  const monthlyQuota = limits.monthlyQuota + extraQuota;
  return {
    plan: { id: limits.planId, monthlyQuota, ratePerMinute: limits.ratePerMinute },
    extraQuota,
    period: {
      start: periodStart,
      end: utcDay(periodEnd.getTime()),
      resetsAt: nextMonthStart(now).toISOString(),
    },
    used,
    remaining: Math.max(0, monthlyQuota - used),
    days: toDays(days, dailyRows),
    months: toMonths(sinceAccountStart(months, startRows), monthlyRows),
    last24h: toLast24h(hourlyRows),
    byKey: [...byKey.values()].sort((a, b) => b.used - a.used),
    byProject: [...byProject.values()].sort((a, b) => b.used - a.used),
  };
}
