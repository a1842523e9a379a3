/**
 * The plans sold (spec §1, §9) and the limits the gateway enforces. The figures are our decision,
 * recorded in docs/decisions/007-plans-and-limits.md. Prices are in cents of each currency; a price of
 * `null` is agreed by contract (Enterprise: "contact us").
 */
export const PLAN_IDS = ['free', 'basic', 'pro', 'business', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans a customer can buy in the portal's checkout. */
export const PAID_PLAN_IDS = ['basic', 'pro', 'business'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** A price is charged in the currency of the customer's language entry (spec §3): BRL or USD. */
export const BILLING_CURRENCIES = ['BRL', 'USD'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];

/** Yearly is ten months' price: two months free. */
export const YEARLY_MONTHS_CHARGED = 10;

/** Features each plan card lists, as translation keys under `plans.features.` in the web app. */
export const PLAN_FEATURES = [
  'noCard',
  'currencies',
  'cep',
  'keys',
  'support',
  'email',
  'priority',
  'sla',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export type Plan = {
  id: PlanId;
  name: string;
  /** Cents per month in each currency; null: agreed by contract. */
  monthlyPrice: Record<BillingCurrency, number> | null;
  /** Requests per calendar month (UTC) across all of the account's keys; only 2xx and 304 answers count. */
  monthlyQuota: number;
  /** Requests per minute across all of the account's keys. */
  ratePerMinute: number;
  maxKeys: number;
  maxProjects: number;
  /** Members of the organization, pending invitations included; `null`: no limit (issue 24). */
  seats: number | null;
  requiresCreditCard: boolean;
  features: readonly PlanFeature[];
};

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPrice: { BRL: 0, USD: 0 },
    monthlyQuota: 100_000,
    ratePerMinute: 60,
    maxKeys: 2,
    maxProjects: 1,
    seats: 2,
    requiresCreditCard: false,
    features: ['noCard', 'currencies', 'cep', 'keys'],
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    monthlyPrice: { BRL: 29_90, USD: 7_90 },
    monthlyQuota: 1_000_000,
    ratePerMinute: 300,
    maxKeys: 5,
    maxProjects: 3,
    seats: 3,
    requiresCreditCard: true,
    features: ['currencies', 'cep', 'keys', 'email'],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyPrice: { BRL: 79_90, USD: 19_90 },
    monthlyQuota: 5_000_000,
    ratePerMinute: 1_000,
    maxKeys: 20,
    maxProjects: 10,
    seats: 10,
    requiresCreditCard: true,
    features: ['currencies', 'cep', 'keys', 'email', 'priority'],
  },
  business: {
    id: 'business',
    name: 'Business',
    monthlyPrice: { BRL: 199_90, USD: 49_90 },
    monthlyQuota: 20_000_000,
    ratePerMinute: 3_000,
    maxKeys: 100,
    maxProjects: 25,
    seats: 25,
    requiresCreditCard: true,
    features: ['currencies', 'cep', 'keys', 'email', 'priority'],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: null,
    // What an account on Enterprise gets before its contract sets its own figures (`account_limits`).
    monthlyQuota: 100_000_000,
    ratePerMinute: 12_000,
    maxKeys: 500,
    maxProjects: 200,
    seats: null,
    requiresCreditCard: false,
    features: ['currencies', 'cep', 'keys', 'support', 'sla'],
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

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(value);
}

/** The plan of an account; an unknown name gets the Free plan's limits, never more. */
export function getPlan(id: string): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS.free;
}

/** Cents charged per cycle: a month's price, or ten months' for a year. */
export function getPlanPrice(plan: PaidPlanId, cycle: BillingCycle, currency: BillingCurrency): number {
  const monthly = (PLANS[plan].monthlyPrice as Record<BillingCurrency, number>)[currency];
  return cycle === 'yearly' ? monthly * YEARLY_MONTHS_CHARGED : monthly;
}

/** Paid plans in order of size: a move to a lower rank is a downgrade (it waits for the period's end). */
export function comparePlans(a: PlanId, b: PlanId): number {
  return PLAN_IDS.indexOf(a) - PLAN_IDS.indexOf(b);
}

/**
 * A move up, which applies at once: a bigger plan, or the same plan paid yearly instead of monthly.
 * Anything else (a smaller plan, yearly to monthly) waits for the period's end (decision 014).
 */
export function isPlanUpgrade(
  from: { planId: PaidPlanId; cycle: BillingCycle },
  to: { planId: PaidPlanId; cycle: BillingCycle },
): boolean {
  const byPlan = comparePlans(to.planId, from.planId);
  return byPlan > 0 || (byPlan === 0 && from.cycle === 'monthly' && to.cycle === 'yearly');
}

/** The quota counts answers the customer got what they asked for: 2xx and 304 (decision 007). */
export function usesQuota(status: number): boolean {
  return (status >= 200 && status < 300) || status === 304;
}
