import {
  type BillingCurrency,
  type BillingCycle,
  getPlanPrice,
  isPaidPlanId,
  type Plan,
} from '@cotacep/shared/plans';

/** What a card shows for a cycle, in cents: the charge, its monthly equivalent and the yearly saving. */
export type CardPrice = { amount: number; perMonth: number; saving: number };

/** Null for a price agreed by contract (Enterprise); Free costs nothing in either cycle. */
export function getCardPrice(plan: Plan, cycle: BillingCycle, currency: BillingCurrency): CardPrice | null {
  if (!plan.monthlyPrice) return null;
  const monthly = plan.monthlyPrice[currency];
  if (cycle === 'monthly' || !isPaidPlanId(plan.id)) return { amount: monthly, perMonth: monthly, saving: 0 };
  const yearly = getPlanPrice(plan.id, 'yearly', currency);
  return { amount: yearly, perMonth: Math.round(yearly / 12), saving: monthly * 12 - yearly };
}
