import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { type BillingCycle, isPlanId, type PlanId } from '@cotacep/shared/plans';

/** Who is looking at the pricing page: their plan, and the cycle when they subscribe to it. */
export type CurrentPlan = { planId: PlanId; cycle: BillingCycle | null; isSubscribed: boolean };

/**
 * What a card's button does: `buy` starts a checkout (anonymous visitors, Free users), `choose` switches a
 * subscription, `current` is disabled, `start-free` signs up, `contact` opens the Enterprise form.
 */
export type PlanAction = 'buy' | 'choose' | 'current' | 'start-free' | 'contact' | 'none';

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** The plan from `GET billing`; until it answers, the token's `plan` claim (no cycle known yet). */
export function getCurrentPlan(summary: BillingSummary | undefined, claim: unknown): CurrentPlan {
  if (!summary) {
    const planId = isPlanId(claim) ? claim : 'free';
    return { planId, cycle: null, isSubscribed: planId !== 'free' && planId !== 'enterprise' };
  }
  const subscription = summary.subscription;
  const isSubscribed = subscription !== null && LIVE_STATUSES.has(subscription.status);
  return { planId: summary.planId, cycle: isSubscribed ? subscription.cycle : null, isSubscribed };
}

/** The button of one card, for a visitor (`current` null) or a signed-in customer. */
export function getPlanAction(planId: PlanId, cycle: BillingCycle, current: CurrentPlan | null): PlanAction {
  if (planId === 'enterprise') return current?.planId === 'enterprise' ? 'current' : 'contact';
  if (!current) return planId === 'free' ? 'start-free' : 'buy';
  // An Enterprise contract is changed by talking to us, not in the checkout.
  if (current.planId === 'enterprise') return 'none';
  if (planId === 'free') {
    if (current.planId === 'free') return 'current';
    // Moving to Free is cancelling, done where the subscription is managed.
    return current.isSubscribed ? 'choose' : 'none';
  }
  if (!current.isSubscribed) return 'buy';
  return current.planId === planId && current.cycle === cycle ? 'current' : 'choose';
}
