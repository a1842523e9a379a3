import { getPlan, type PlanId } from '@cotacep/shared/plans';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountLimits } from '../../db/schema/account-limits.ts';
import { organizations } from '../../db/schema/organizations.ts';

export type AccountLimits = {
  planId: PlanId;
  monthlyQuota: number;
  ratePerMinute: number;
  maxKeys: number;
  maxProjects: number;
};

type Override = {
  monthlyQuota: number | null;
  ratePerMinute: number | null;
  maxKeys: number | null;
  maxProjects: number | null;
};

let quotaOverrides: Partial<Record<PlanId, number>> = {};

/** PLAN_QUOTAS (development and browser journeys only): set once by buildApp. */
export function setPlanQuotaOverrides(overrides: Partial<Record<PlanId, number>>): void {
  quotaOverrides = overrides;
}

/** A plan's monthly quota in this installation: the catalogue's, unless PLAN_QUOTAS replaces it. */
export function getPlanQuota(planId: PlanId): number {
  return quotaOverrides[planId] ?? getPlan(planId).monthlyQuota;
}

/** The plan's figures, with whatever a contract raised for this account (decision 007). */
export function limitsOf(planName: string, override: Override | null): AccountLimits {
  const plan = getPlan(planName);
  return {
    planId: plan.id,
    monthlyQuota: override?.monthlyQuota ?? getPlanQuota(plan.id),
    ratePerMinute: override?.ratePerMinute ?? plan.ratePerMinute,
    maxKeys: override?.maxKeys ?? plan.maxKeys,
    maxProjects: override?.maxProjects ?? plan.maxProjects,
  };
}

export async function getAccountLimits(db: Db, organizationId: string): Promise<AccountLimits> {
  const [row] = await db
    .select({
      plan: organizations.plan,
      monthlyQuota: accountLimits.monthlyQuota,
      ratePerMinute: accountLimits.ratePerMinute,
      maxKeys: accountLimits.maxKeys,
      maxProjects: accountLimits.maxProjects,
    })
    .from(organizations)
    .leftJoin(accountLimits, eq(accountLimits.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return limitsOf(row?.plan ?? 'free', row ?? null);
}
