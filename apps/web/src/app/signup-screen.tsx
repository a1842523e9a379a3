import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { useRedirectTarget } from '../features/auth/lib/use-redirect-target.ts';
import { INVITATION_ACCEPT_PATH } from '../features/organizations/lib/invitation-token.ts';
import { readCheckoutLink } from './use-checkout-link.ts';

/**
 * `/auth/signup`: a visitor who came from a plan's Buy Now is told that its checkout comes next; one who came
 * from an invitation (`?email=`) finds the invited address filled in.
 */
export function SignupScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = useRedirectTarget();
  const checkout = readCheckoutLink(target);
  const nextText =
    target === INVITATION_ACCEPT_PATH
      ? t('organizations.accept.afterSignup')
      : checkout &&
        t('auth.signup.nextPlan', {
          plan: t(`plans.${checkout.planId}`),
          cycle: t(`billing.cycle.${checkout.cycle}`),
        });
  const nextStep = nextText && (
    <Alert color="blue" variant="light" role="status">
      {nextText}
    </Alert>
  );
  return <SignupPage nextStep={nextStep} defaultEmail={params.get('email') ?? ''} />;
}
