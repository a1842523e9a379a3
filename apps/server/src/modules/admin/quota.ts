import type { AdminQuota } from '@cotacep/shared/admin-schemas';
import { PLAN_IDS } from '@cotacep/shared/plans';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountLimits } from '../../db/schema/account-limits.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';
import { getPlanQuota } from '../plans/account-limits.ts';
import { grantedQuotaSql, grantPeriod, qualified as q } from '../usage/quota-grants.ts';

/**
 * An organization's quota this period in SQL, for search and its over-quota filter: what the gateway enforces
 * (the contract's quota, else the plan's, plus this month's grants) and the 2xx/304 answers stored so far.
 */
export function quotaColumns(period = grantPeriod()) {
  const planQuota = sql.join(
    // Figures of our own catalogue, written into the statement so their type is a number's.
    PLAN_IDS.map((id) => sql`when ${id} then ${sql.raw(String(Math.trunc(getPlanQuota(id))))}`),
    sql` `,
  );
  const base = sql<string>`coalesce((select ${q(accountLimits.monthlyQuota)} from ${accountLimits} where ${q(accountLimits.organizationId)} = ${q(organizations.id)}), case ${q(organizations.plan)} ${planQuota} else 0 end)`;
  const granted = grantedQuotaSql(organizations.id, period);
  const status = q(usageMonthly.status);
  const used = sql<string>`(select coalesce(sum(${q(usageMonthly.count)}), 0) from ${usageMonthly} where ${q(usageMonthly.organizationId)} = ${q(organizations.id)} and ${q(usageMonthly.month)} = ${`${period}-01`} and ((${status} >= 200 and ${status} < 300) or ${status} = 304))`;
  return { base, granted, used };
}

/** At least 80 % of the quota used (used / limit ≥ 4/5, in integers). */
export function overQuotaCondition(period = grantPeriod()): SQL {
  const { base, granted, used } = quotaColumns(period);
  return sql`${used} * 5 >= (${base} + ${granted}) * 4`;
}

export function toQuota(period: string, planQuota: number, granted: number, used: number): AdminQuota {
  const limit = planQuota + granted;
  return {
    period,
    planQuota,
    granted,
    limit,
    used,
    remaining: Math.max(0, limit - used),
    usedRatio: limit > 0 ? Math.round((used / limit) * 10_000) / 10_000 : 0,
  };
}

/** One organization's quota this period. */
export async function getQuota(db: Db, organizationId: string, period = grantPeriod()): Promise<AdminQuota> {
  const { base, granted, used } = quotaColumns(period);
  const [row] = await db
    .select({ base, granted, used })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return toQuota(period, Number(row?.base ?? 0), Number(row?.granted ?? 0), Number(row?.used ?? 0));
}
