import {
  BILLING_CURRENCIES,
  BILLING_CYCLES,
  type BillingCurrency,
  type BillingCycle,
  isPaidPlanId,
  type PaidPlanId,
} from '@cotacep/shared/plans';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

const isCycle = (value: string | null): value is BillingCycle =>
  (BILLING_CYCLES as readonly string[]).includes(value ?? '');

const isCurrency = (value: string | null): value is BillingCurrency =>
  (BILLING_CURRENCIES as readonly string[]).includes(value ?? '');

/**
 * The pricing page's own link that buys a plan: `/pricing?plan=basic&cycle=monthly&checkout=1`, with the
 * currency a visitor chose on the switch (`&currency=USD`), which their first purchase then keeps.
 */
export function buildCheckoutLink(
  planId: PaidPlanId,
  cycle: BillingCycle,
  currency?: BillingCurrency,
): string {
  const params = new URLSearchParams({ plan: planId, cycle });
  if (currency) params.set('currency', currency);
  params.set('checkout', '1');
  return `/pricing?${params}`;
}

/** The plan and cycle a checkout link buys (a page to return to after signing up), or null for any other page. */
export function readCheckoutLink(target: string): { planId: PaidPlanId; cycle: BillingCycle } | null {
  const url = new URL(target, 'http://local');
  const planId = url.searchParams.get('plan');
  const cycle = url.searchParams.get('cycle');
  if (url.pathname !== '/pricing' || url.searchParams.get('checkout') !== '1') return null;
  return isPaidPlanId(planId) && isCycle(cycle) ? { planId, cycle } : null;
}

/**
 * A signed-in visitor who arrives by that link (after signing up for it) starts the checkout at once;
 * the flag is dropped first, so going back to the page does not start another.
 */
export function useCheckoutLink(
  isSignedIn: boolean,
  start: (planId: PaidPlanId, cycle: BillingCycle, currency?: BillingCurrency) => void,
) {
  const [params, setParams] = useSearchParams();
  const hasStarted = useRef(false);
  const planId = params.get('plan');
  const cycle = params.get('cycle');
  const currency = params.get('currency');
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
    if (isPaidPlanId(planId) && isCycle(cycle))
      start(planId, cycle, isCurrency(currency) ? currency : undefined);
  }, [isSignedIn, isRequested, planId, cycle, currency, setParams, start]);
}
