import type { AdminOverview } from '@cotacep/shared/admin-schemas';
import { STARTED_SUBSCRIPTION_STATUSES } from '@cotacep/shared/billing-schemas';
import { type BillingCurrency, getPlanPrice, PAID_PLAN_IDS, type PlanId } from '@cotacep/shared/plans';
import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { usageHourly } from '../../db/schema/usage-hourly.ts';
import { users } from '../../db/schema/users.ts';
import type { SourceHealthRegistry } from '../../lib/source-health.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { getStatus } from '../status/derive-status.ts';
import { hourStart, lastDays } from '../usage/period.ts';

const HOURS_SHOWN = 24;
const SIGNUP_DAYS = 30;

type HourRow = AdminOverview['traffic']['hours'][number];

/** Requests per UTC hour over the last 24, every answer, the 4xx and 5xx apart (the usage rollups the meter writes). */
async function trafficOf(db: Db, now: number): Promise<AdminOverview['traffic']> {
  const currentHour = hourStart(now);
  const firstHour = currentHour - (HOURS_SHOWN - 1) * HOUR_MS;
  const rows = await db
    .select({
      hour: usageHourly.hour,
      total: sql<string>`sum(${usageHourly.count})`,
      clientErrors: sql<string>`coalesce(sum(${usageHourly.count}) filter (where ${usageHourly.status} >= 400 and ${usageHourly.status} < 500), 0)`,
      serverErrors: sql<string>`coalesce(sum(${usageHourly.count}) filter (where ${usageHourly.status} >= 500), 0)`,
    })
    .from(usageHourly)
    .where(gte(usageHourly.hour, new Date(firstHour).toISOString()))
    .groupBy(usageHourly.hour);
  const byHour = new Map(rows.map((row) => [new Date(row.hour).getTime(), row]));
  const hours: HourRow[] = Array.from({ length: HOURS_SHOWN }, (_, index) => {
    const at = firstHour + index * HOUR_MS;
    const row = byHour.get(at);
    return {
      hour: new Date(at).toISOString(),
      total: Number(row?.total ?? 0),
      clientErrors: Number(row?.clientErrors ?? 0),
      serverErrors: Number(row?.serverErrors ?? 0),
    };
  });
  // The last 60 minutes: the current hour so far, and the part of the previous hour still inside the window.
  const share = 1 - (now - currentHour) / HOUR_MS;
  const current = hours.at(-1) as HourRow;
  const previous = hours.at(-2) as HourRow;
  const window = (field: 'total' | 'clientErrors' | 'serverErrors') =>
    Math.round(current[field] + previous[field] * share);
  const requests = window('total');
  const clientErrors = window('clientErrors');
  const serverErrors = window('serverErrors');
  return {
    from: new Date(now - HOUR_MS).toISOString(),
    to: new Date(now).toISOString(),
    requests,
    requestsPerMinute: Math.round((requests / 60) * 10) / 10,
    clientErrors,
    serverErrors,
    errorRate: requests > 0 ? Math.round(((clientErrors + serverErrors) / requests) * 10_000) / 10_000 : 0,
    hours,
  };
}

/** Sign-ups per UTC day over the last 30 days, oldest first. */
async function signupsOf(db: Db, now: number): Promise<AdminOverview['signups']> {
  const days = lastDays(now, SIGNUP_DAYS);
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, total: count() })
    .from(users)
    .where(gte(users.createdAt, new Date(Date.parse(days[0] as string))))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, Number(row.total)]));
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

/** Paying organizations and monthly recurring revenue per plan and currency, from started subscriptions. */
async function revenueOf(db: Db): Promise<AdminOverview['revenue']> {
  const [rows, enterprise] = await Promise.all([
    db
      .select({
        organizationId: subscriptions.organizationId,
        planId: subscriptions.planId,
        cycle: subscriptions.cycle,
        currency: subscriptions.currency,
      })
      .from(subscriptions)
      .where(
        and(isNull(subscriptions.endedAt), inArray(subscriptions.status, STARTED_SUBSCRIPTION_STATUSES)),
      ),
    db.select({ total: count() }).from(organizations).where(eq(organizations.plan, 'enterprise')),
  ]);
  type Line = { organizations: Set<string>; mrr: Record<BillingCurrency, number> };
  const lines = new Map<PlanId, Line>();
  const mrr: Record<BillingCurrency, number> = { BRL: 0, USD: 0 };
  const paying = new Set<string>();
  for (const row of rows) {
    if (!PAID_PLAN_IDS.includes(row.planId)) continue;
    const line = lines.get(row.planId) ?? { organizations: new Set(), mrr: { BRL: 0, USD: 0 } };
    const price = getPlanPrice(row.planId, row.cycle, row.currency);
    const monthly = row.cycle === 'yearly' ? Math.round(price / 12) : price;
    line.organizations.add(row.organizationId);
    line.mrr[row.currency] += monthly;
    mrr[row.currency] += monthly;
    paying.add(row.organizationId);
    lines.set(row.planId, line);
  }
  const enterprises = Number(enterprise[0]?.total ?? 0);
  const byPlan = PAID_PLAN_IDS.map((plan) => ({
    plan,
    organizations: lines.get(plan)?.organizations.size ?? 0,
    mrr: lines.get(plan)?.mrr ?? { BRL: 0, USD: 0 },
  })) as AdminOverview['revenue']['byPlan'];
  byPlan.push({ plan: 'enterprise', organizations: enterprises, mrr: { BRL: 0, USD: 0 } });
  return { payingOrganizations: paying.size + enterprises, byPlan, mrr };
}

/** Every data source with its freshness (as the public status judges it) and its breaker's state. */
function sourcesOf(sourceHealth: SourceHealthRegistry, now: Date): AdminOverview['sources'] {
  const listed = new Map(sourceHealth.list(now).map((source) => [source.name, source]));
  return getStatus(sourceHealth, now).sources.map((source) => {
    const health = listed.get(source.name);
    return { ...source, circuit: health?.circuit ?? 'closed', lastError: health?.lastError ?? null };
  });
}

/** GET /admin/overview. */
export async function getOverview(
  db: Db,
  sourceHealth: SourceHealthRegistry,
  now = Date.now(),
): Promise<AdminOverview> {
  const [traffic, signups, revenue] = await Promise.all([
    trafficOf(db, now),
    signupsOf(db, now),
    revenueOf(db),
  ]);
  return {
    generatedAt: new Date(now).toISOString(),
    traffic,
    signups,
    revenue,
    sources: sourcesOf(sourceHealth, new Date(now)),
  };
}
