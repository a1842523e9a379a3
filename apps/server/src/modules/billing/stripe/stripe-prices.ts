import {
  BILLING_CURRENCIES,
  BILLING_CYCLES,
  type BillingCurrency,
  type BillingCycle,
  isPaidPlanId,
  type PaidPlanId,
} from '@cotacep/shared/plans';
import type Stripe from 'stripe';
import type { StripeCall } from './stripe-call.ts';

export type PricedPlan = { planId: PaidPlanId; cycle: BillingCycle; currency: BillingCurrency };

/** Prices are found again after this long, so a lookup key moved to a new price is followed. */
const PRICE_TTL_MS = 3_600_000;

/** `basic_monthly_brl`: the lookup key each Stripe price of a plan carries. */
export function toLookupKey({ planId, cycle, currency }: PricedPlan): string {
  return `${planId}_${cycle}_${currency.toLowerCase()}`;
}

export function parseLookupKey(key: string | null | undefined): PricedPlan | null {
  const [planId, cycle, currency, extra] = (key ?? '').split('_');
  const upper = currency?.toUpperCase();
  const isCycle = (BILLING_CYCLES as readonly unknown[]).includes(cycle);
  const isCurrency = (BILLING_CURRENCIES as readonly unknown[]).includes(upper);
  if (extra !== undefined || !isPaidPlanId(planId) || !isCycle || !isCurrency) return null;
  return { planId, cycle: cycle as BillingCycle, currency: upper as BillingCurrency };
}

export type PriceCatalog = {
  /** The price that sells a plan, found by its lookup key and kept for a while. */
  findPriceId(plan: PricedPlan): Promise<string>;
  /** The plan a price sells, or null for a price without one of our lookup keys. */
  findPlanOfPrice(price: string | Stripe.Price): Promise<PricedPlan | null>;
};

export function createPriceCatalog(client: Stripe, call: StripeCall): PriceCatalog {
  const idsByKey = new Map<string, { id: string; until: number }>();
  const plansById = new Map<string, PricedPlan | null>();
  const remember = (price: Stripe.Price) => {
    const plan = parseLookupKey(price.lookup_key);
    plansById.set(price.id, plan);
    if (plan) idsByKey.set(toLookupKey(plan), { id: price.id, until: Date.now() + PRICE_TTL_MS });
    return plan;
  };

  return {
    async findPriceId(plan) {
      const key = toLookupKey(plan);
      const known = idsByKey.get(key);
      if (known && known.until > Date.now()) return known.id;
      const { data } = await call(() => client.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
      const [price] = data;
      // A deployment without the plan's price in Stripe: an error for the log, not the customer's.
      if (!price) throw new Error(`Stripe has no active price with lookup_key ${key}`);
      remember(price);
      return price.id;
    },
    async findPlanOfPrice(price) {
      if (typeof price !== 'string') return remember(price);
      const known = plansById.get(price);
      if (known !== undefined) return known;
      return remember(await call(() => client.prices.retrieve(price)));
    },
  };
}
