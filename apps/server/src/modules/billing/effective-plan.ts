import { LIVE_SUBSCRIPTION_STATUSES, STARTED_SUBSCRIPTION_STATUSES } from '@cotacep/shared/billing-schemas';
import type { PlanId } from '@cotacep/shared/plans';
import type { Subscription } from '../../db/schema/subscriptions.ts';

type PlanState = Pick<Subscription, 'planId' | 'status' | 'pastDueSince' | 'currentPeriodEnd' | 'endedAt'>;
type Lifecycle = Pick<Subscription, 'status' | 'endedAt'>;

export function isStarted(subscription: Lifecycle): boolean {
  return !subscription.endedAt && STARTED_SUBSCRIPTION_STATUSES.includes(subscription.status);
}

export function isLive(subscription: Lifecycle): boolean {
  return !subscription.endedAt && LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status);
}

/**
 * The plan whose limits an account gets from its current subscription (decision 014): active and trialing
 * subscriptions give their plan; past_due keeps it for the grace period; anything ended or never paid
 * (canceled, unpaid, incomplete, incomplete_expired) gives Free.
 */
export function getEffectivePlan(subscription: PlanState | null, now: number, graceMs: number): PlanId {
  if (!subscription || subscription.endedAt) return 'free';
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.planId;
    case 'past_due': {
      const since = subscription.pastDueSince?.getTime() ?? now;
      return now < since + graceMs ? subscription.planId : 'free';
    }
    default:
      return 'free';
  }
}

/** When a past_due subscription stops giving its plan, or null. */
export function getGraceEnd(subscription: PlanState, graceMs: number): Date | null {
  if (subscription.status !== 'past_due' || !subscription.pastDueSince) return null;
  return new Date(subscription.pastDueSince.getTime() + graceMs);
}
