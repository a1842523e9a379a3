import { type BillingCycle, isPaidPlanId, type PaidPlanId, type PlanId } from '@cotacep/shared/plans';
import { Alert, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormErrorAlert } from '../components/form/form-error-alert.tsx';
import { notifySuccess } from '../components/notify.ts';
import { withRedirect } from '../features/auth/lib/redirect-target.ts';
import { useBillingSummary } from '../features/billing/api/get-billing-summary.ts';
import { useOpenBillingPortal } from '../features/billing/api/open-billing-portal.ts';
import { useStartCheckout } from '../features/billing/api/start-checkout.ts';
import { CheckoutErrorAlert } from '../features/billing/components/checkout-error-alert.tsx';
import { ContactForm } from '../features/contact/components/contact-form.tsx';
import { PricingPage } from '../features/pricing/components/pricing-page.tsx';
import { getCurrentPlan } from '../features/pricing/lib/get-plan-action.ts';
import { getLanguageCurrency } from '../lib/format/format-money.ts';
import { useSession } from '../lib/session/session-store.ts';
import { buildCheckoutLink, useCheckoutLink } from './use-checkout-link.ts';

/**
 * `/pricing`: the plans, the customer's own from `GET billing`, Buy Now / Choose Plan through the billing
 * API (a visitor signs up first and comes back to the checkout), and Enterprise's contact form.
 */
export function PricingScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { isAuthenticated, user } = useSession();
  const summary = useBillingSummary({ isEnabled: isAuthenticated });
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const [isContactOpen, contact] = useDisclosure(false);
  // The checkout's Cancel comes back here with `?checkout=cancelled`.
  const isCancelled = useSearchParams()[0].get('checkout') === 'cancelled';

  const start = useCallback(
    (planId: PaidPlanId, cycle: BillingCycle) =>
      checkout.mutate({ planId, cycle, currency: getLanguageCurrency(i18n.language) }),
    [checkout.mutate, i18n.language],
  );
  useCheckoutLink(isAuthenticated, start);

  const onSelect = (planId: PlanId, cycle: BillingCycle) => {
    if (!isPaidPlanId(planId)) return portal.mutate();
    if (isAuthenticated) return start(planId, cycle);
    const target = buildCheckoutLink(planId, cycle);
    navigate(withRedirect('/auth/signup', target), { state: { from: target } });
  };
  const onContactSent = () => {
    contact.close();
    notifySuccess(t('contact.sent'));
  };

  return (
    <>
      <PricingPage
        current={isAuthenticated ? getCurrentPlan(summary.data, user?.plan) : null}
        isCurrentLoading={isAuthenticated && summary.isPending}
        pendingPlanId={
          checkout.isPending ? (checkout.variables?.planId ?? null) : portal.isPending ? 'free' : null
        }
        onSelect={onSelect}
        onContact={contact.open}
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
      <Modal
        opened={isContactOpen}
        onClose={contact.close}
        title={t('pricing.contactTitle')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        <ContactForm topic="enterprise" onSent={onContactSent} />
      </Modal>
    </>
  );
}
