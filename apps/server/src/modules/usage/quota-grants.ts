import { type AnyColumn, and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quotaGrants } from '../../db/schema/staff.ts';
import { utcMonth } from './period.ts';

/**
 * Extra requests staff granted an organization for one period (issue 26). A grant's period is the UTC month
 * `YYYY-MM`, the gateway's and the meter's month: the quota the gateway enforces in a month is the plan's (or
 * the contract's) plus the sum of that month's grants.
 */
export const grantPeriod = (now = Date.now()): string => utcMonth(now);

/**
 * `"table"."column"`, whatever the query around it: drizzle leaves a column unqualified in a query without
 * joins, which inside a correlated subquery would name the subquery's own column.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** The sum of an organization's grants for `period`, as a scalar subquery (0 without any). */
export function grantedQuotaSql(organizationId: AnyColumn, period: string): SQL<string> {
  const grants = qualified;
  return sql<string>`(select coalesce(sum(${grants(quotaGrants.extraRequests)}), 0) from ${quotaGrants} where ${grants(quotaGrants.organizationId)} = ${qualified(organizationId)} and ${grants(quotaGrants.period)} = ${period})`;
}

/** The sum of an organization's grants for `period`. */
export async function getGrantedQuota(
  db: Db,
  organizationId: string,
  period = grantPeriod(),
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${quotaGrants.extraRequests}), 0)` })
    .from(quotaGrants)
    .where(and(eq(quotaGrants.organizationId, organizationId), eq(quotaGrants.period, period)));
  return Number(row?.total ?? 0);
}
