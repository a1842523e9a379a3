import { type BillingCycle, isPaidPlanId, type PaidPlanId, type PlanId } from '@cotacep/shared/plans';
import { Alert } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrorAlert } from '../components/form/form-error-alert.tsx';
import { useBillingSummary } from '../features/billing/api/get-billing-summary.ts';
import { useOpenBillingPortal } from '../features/billing/api/open-billing-portal.ts';
import { useStartCheckout } from '../features/billing/api/start-checkout.ts';
import { CheckoutErrorAlert } from '../features/billing/components/checkout-error-alert.tsx';
import { PricingPage } from '../features/pricing/components/pricing-page.tsx';
import { getCurrentPlan } from '../features/pricing/lib/get-plan-action.ts';
import { getLanguageCurrency } from '../lib/format/format-money.ts';
import { useSession } from '../lib/session/session-store.ts';
import { useCheckoutLink } from './use-checkout-link.ts';

/**
 * The pricing page of a signed-in customer: their plan from `GET billing`, Buy Now / Choose Plan through
 * the billing API (at once when they arrive by a checkout link), Free through the billing portal.
 */
export function CustomerPricing({ onContact }: { onContact: () => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const summary = useBillingSummary();
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  // The checkout's Cancel comes back here with `?checkout=cancelled`.
  const isCancelled = useSearchParams()[0].get('checkout') === 'cancelled';

  const start = useCallback(
    (planId: PaidPlanId, cycle: BillingCycle) =>
      checkout.mutate({ planId, cycle, currency: getLanguageCurrency(i18n.language) }),
    [checkout.mutate, i18n.language],
  );
  useCheckoutLink(true, start);

  const onSelect = (planId: PlanId, cycle: BillingCycle) =>
    isPaidPlanId(planId) ? start(planId, cycle) : portal.mutate();

  return (
    <PricingPage
      current={getCurrentPlan(summary.data, user?.plan)}
      isCurrentLoading={summary.isPending}
      pendingPlanId={
        checkout.isPending ? (checkout.variables?.planId ?? null) : portal.isPending ? 'free' : null
      }
      onSelect={onSelect}
      onContact={onContact}
      notice={
        <>
          {isCancelled && !checkout.error && (
            <Alert color="gray" variant="light" role="status">
              {t('pricing.cancelled')}
            </Alert>
          )}
          <CheckoutErrorAlert error={checkout.error} onCancelled={checkout.reset} />
          <FormErrorAlert error={portal.error} />
        </>
      }
    />
  );
}
