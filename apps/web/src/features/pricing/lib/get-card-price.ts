import type { PlanCatalogue } from '@cotacep/shared/billing-schemas';
import type { BillingCurrency, BillingCycle } from '@cotacep/shared/plans';

type CataloguePlan = PlanCatalogue['plans'][number];

/** What a card shows for a cycle, in cents: the charge, its monthly equivalent and the yearly saving. */
export type CardPrice = { amount: number; perMonth: number; saving: number };

/** Null for a price agreed by contract (Enterprise). */
export function getCardPrice(
  plan: CataloguePlan,
  cycle: BillingCycle,
  currency: BillingCurrency,
): CardPrice | null {
  if (!plan.monthlyPrice || !plan.yearlyPrice) return null;
  const monthly = plan.monthlyPrice[currency];
  if (cycle === 'monthly') return { amount: monthly, perMonth: monthly, saving: 0 };
  const yearly = plan.yearlyPrice[currency];
  return { amount: yearly, perMonth: Math.round(yearly / 12), saving: monthly * 12 - yearly };
}
