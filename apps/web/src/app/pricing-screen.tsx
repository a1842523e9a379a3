import { type BillingCurrency, type BillingCycle, isPaidPlanId, type PlanId } from '@cotacep/shared/plans';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../components/page/page-loader.tsx';
import { withRedirect } from '../features/auth/lib/redirect-target.ts';
import { PricingPage } from '../features/pricing/components/pricing-page.tsx';
import { useSession } from '../lib/session/session-store.ts';
import { buildCheckoutLink } from './use-checkout-link.ts';

// A visitor's page needs no API: the billing calls come for a signed-in customer, the Enterprise form
// (zod, react-hook-form, captcha, Modal) the first time it opens.
const CustomerPricing = lazy(async () => ({
  default: (await import('./customer-pricing.tsx')).CustomerPricing,
}));
const ContactDialog = lazy(async () => ({
  default: (await import('./pricing-contact-dialog.tsx')).PricingContactDialog,
}));

/** A visitor's Buy Now signs up first and comes back to the checkout. */
function VisitorPricing({ onContact }: { onContact: () => void }) {
  const navigate = useNavigate();
  const onSelect = (planId: PlanId, cycle: BillingCycle, currency: BillingCurrency) => {
    if (!isPaidPlanId(planId)) return;
    const target = buildCheckoutLink(planId, cycle, currency);
    navigate(withRedirect('/auth/signup', target), { state: { from: target } });
  };
  return <PricingPage current={null} onSelect={onSelect} onContact={onContact} />;
}

/**
 * `/pricing`: the plans, the customer's own from `GET billing`, Buy Now / Choose Plan through the billing
 * API (a visitor signs up first and comes back to the checkout), and Enterprise's contact form.
 */
export function PricingScreen() {
  const { isAuthenticated } = useSession();
  const [isContactOpen, contact] = useDisclosure(false);
  const [hasContactOpened, setHasContactOpened] = useState(false);
  if (isContactOpen && !hasContactOpened) setHasContactOpened(true);

  return (
    <>
      {isAuthenticated ? (
        // Not the page itself meanwhile: it would mount twice, losing the cycle chosen in between.
        <Suspense fallback={<PageLoader />}>
          <CustomerPricing onContact={contact.open} />
        </Suspense>
      ) : (
        <VisitorPricing onContact={contact.open} />
      )}
      {hasContactOpened && (
        <Suspense fallback={null}>
          <ContactDialog opened={isContactOpen} onClose={contact.close} />
        </Suspense>
      )}
    </>
  );
}
