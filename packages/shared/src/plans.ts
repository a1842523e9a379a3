/**
 * The plans sold (spec §1, §9) and the limits the gateway enforces. The figures are our decision,
 * recorded in docs/decisions/007-plans-and-limits.md; prices are in BRL cents.
 */
export const PLAN_IDS = ['free', 'basic', 'pro', 'business', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  monthlyPriceCents: number;
  /** Paid once a year: ten months' price, so two months are free. */
  yearlyPriceCents: number;
  /** Requests per calendar month (UTC) across all of the account's keys. */
  monthlyQuota: number;
  /** Requests per minute across all of the account's keys. */
  ratePerMinute: number;
  maxKeys: number;
  maxProjects: number;
  requiresCreditCard: boolean;
};

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPriceCents: 0,
    yearlyPriceCents: 0,
    monthlyQuota: 10_000,
    ratePerMinute: 60,
    maxKeys: 2,
    maxProjects: 1,
    requiresCreditCard: false,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    monthlyPriceCents: 29_00,
    yearlyPriceCents: 290_00,
    monthlyQuota: 100_000,
    ratePerMinute: 300,
    maxKeys: 5,
    maxProjects: 3,
    requiresCreditCard: true,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyPriceCents: 79_00,
    yearlyPriceCents: 790_00,
    monthlyQuota: 500_000,
    ratePerMinute: 1_200,
    maxKeys: 20,
    maxProjects: 10,
    requiresCreditCard: true,
  },
  business: {
    id: 'business',
    name: 'Business',
    monthlyPriceCents: 199_00,
    yearlyPriceCents: 1_990_00,
    monthlyQuota: 2_000_000,
    ratePerMinute: 3_000,
    maxKeys: 50,
    maxProjects: 25,
    requiresCreditCard: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceCents: 599_00,
    yearlyPriceCents: 5_990_00,
    monthlyQuota: 10_000_000,
    ratePerMinute: 12_000,
    maxKeys: 200,
    maxProjects: 100,
    requiresCreditCard: true,
  },
};

/** "Free: no credit card needed, 150+ currencies" (spec §1, §9). */
export const CURRENCY_COUNT_LABEL = '150+';

/** Requests per minute per client IP without a key; anonymous answers may be cached for a minute. */
export const ANONYMOUS_RATE_PER_MINUTE = 10;
export const ANONYMOUS_CACHE_SECONDS = 60;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan of an account; an unknown name gets the Free plan's limits, never more. */
export function getPlan(id: string): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS.free;
}
