import {
  type BillingCurrency,
  type BillingCycle,
  isPaidPlanId,
  type PaidPlanId,
  type PlanId,
} from '@cotacep/shared/plans';
import { Alert } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrorAlert } from '../components/form/form-error-alert.tsx';
import { useBillingSummary } from '../features/billing/api/get-billing-summary.ts';
import { useOpenBillingPortal } from '../features/billing/api/open-billing-portal.ts';
import { useStartCheckout } from '../features/billing/api/start-checkout.ts';
import { CheckoutErrorAlert } from '../features/billing/components/checkout-error-alert.tsx';
import { OpenCheckoutAlert } from '../features/billing/components/open-checkout-alert.tsx';
import { PricingPage } from '../features/pricing/components/pricing-page.tsx';
import { getCurrentPlan } from '../features/pricing/lib/get-plan-action.ts';
import { useOrganization } from '../lib/organization/use-organization.ts';
import { usePermission } from '../lib/organization/use-permission.ts';
import { buildCheckoutLink, useCheckoutLink } from './use-checkout-link.ts';

/**
 * The pricing page of a signed-in customer: the current organization's plan from `GET billing`, Buy Now /
 * Choose Plan through the billing API (at once when they arrive by a checkout link), Free through the billing
 * portal; disabled with the reason for a role without `billing.write` (issue 24).
 */
export function CustomerPricing({ onContact }: { onContact: () => void }) {
  const { t } = useTranslation();
  const { organization } = useOrganization();
  const canRead = usePermission('billing.read').isAllowed;
  const purchase = usePermission('billing.write');
  const summary = useBillingSummary({ isEnabled: canRead });
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  // The checkout's Cancel comes back here with `?checkout=cancelled`.
  const isCancelled = useSearchParams()[0].get('checkout') === 'cancelled';

  // The currency shown is the one bought in; the server keeps the customer's own once it is fixed.
  const start = useCallback(
    (planId: PaidPlanId, cycle: BillingCycle, currency?: BillingCurrency) =>
      checkout.mutate({ planId, cycle, ...(currency ? { currency } : {}) }),
    [checkout.mutate],
  );
  useCheckoutLink(purchase.isAllowed, start);

  const onSelect = (planId: PlanId, cycle: BillingCycle, currency: BillingCurrency) =>
    isPaidPlanId(planId) ? start(planId, cycle, currency) : portal.mutate();
  // Issue 23: with a checkout open, the way back to it comes first and the other purchases wait for it.
  const openCheckout = summary.data?.openCheckout ?? null;
  const customerCurrency = summary.data
    ? { currency: summary.data.currency, isFixed: summary.data.isCurrencyFixed }
    : null;

  return (
    <PricingPage
      current={getCurrentPlan(summary.data, organization?.plan)}
      isCurrentLoading={canRead ? summary.isPending : !organization}
      customerCurrency={customerCurrency}
      pendingPlanId={
        checkout.isPending ? (checkout.variables?.planId ?? null) : portal.isPending ? 'free' : null
      }
      onSelect={onSelect}
      onContact={onContact}
      blockedReason={purchase.reason ?? (openCheckout ? t('billing.openCheckout.blocksOthers') : null)}
      notice={
        <>
          {isCancelled && !checkout.error && (
            <Alert color="gray" variant="light" role="status">
              {t('pricing.cancelled')}
            </Alert>
          )}
          {openCheckout ? (
            <OpenCheckoutAlert checkout={openCheckout} onCancelled={checkout.reset} />
          ) : (
            <CheckoutErrorAlert
              error={checkout.error}
              onCancelled={checkout.reset}
              resumePath={
                checkout.variables &&
                buildCheckoutLink(
                  checkout.variables.planId,
                  checkout.variables.cycle,
                  checkout.variables.currency,
                )
              }
            />
          )}
          <FormErrorAlert error={portal.error} />
        </>
      }
    />
  );
}
