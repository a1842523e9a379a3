import { BILLING_CYCLES, type BillingCycle, isPaidPlanId, type PaidPlanId } from '@cotacep/shared/plans';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

const isCycle = (value: string | null): value is BillingCycle =>
  (BILLING_CYCLES as readonly string[]).includes(value ?? '');

/** The pricing page's own link that buys a plan: `/pricing?plan=basic&cycle=monthly&checkout=1`. */
export function buildCheckoutLink(planId: PaidPlanId, cycle: BillingCycle): string {
  return `/pricing?${new URLSearchParams({ plan: planId, cycle, checkout: '1' })}`;
}

/**
 * A signed-in visitor who arrives by that link (after signing up for it) starts the checkout at once;
 * the flag is dropped first, so going back to the page does not start another.
 */
export function useCheckoutLink(
  isSignedIn: boolean,
  start: (planId: PaidPlanId, cycle: BillingCycle) => void,
) {
  const [params, setParams] = useSearchParams();
  const hasStarted = useRef(false);
  const planId = params.get('plan');
  const cycle = params.get('cycle');
  const isRequested = params.get('checkout') === '1';

  useEffect(() => {
    if (!isSignedIn || !isRequested || hasStarted.current) return;
    hasStarted.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
    if (isPaidPlanId(planId) && isCycle(cycle)) start(planId, cycle);
  }, [isSignedIn, isRequested, planId, cycle, setParams, start]);
}
