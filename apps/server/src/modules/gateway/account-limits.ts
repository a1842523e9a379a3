import { getPlan, type PlanId } from '@cotacep/shared/plans';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountLimits } from '../../db/schema/account-limits.ts';
import { users } from '../../db/schema/users.ts';

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

/** The plan's figures, with whatever a contract raised for this account (decision 007). */
export function limitsOf(planName: string, override: Override | null): AccountLimits {
  const plan = getPlan(planName);
  return {
    planId: plan.id,
    monthlyQuota: override?.monthlyQuota ?? plan.monthlyQuota,
    ratePerMinute: override?.ratePerMinute ?? plan.ratePerMinute,
    maxKeys: override?.maxKeys ?? plan.maxKeys,
    maxProjects: override?.maxProjects ?? plan.maxProjects,
  };
}

export async function getAccountLimits(db: Db, userId: string): Promise<AccountLimits> {
  const [row] = await db
    .select({
      plan: users.plan,
      monthlyQuota: accountLimits.monthlyQuota,
      ratePerMinute: accountLimits.ratePerMinute,
      maxKeys: accountLimits.maxKeys,
      maxProjects: accountLimits.maxProjects,
    })
    .from(users)
    .leftJoin(accountLimits, eq(accountLimits.userId, users.id))
    .where(eq(users.id, userId));
  return limitsOf(row?.plan ?? 'free', row ?? null);
}
