import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { AuthHeading } from './auth-heading.tsx';
import { ConfirmAccountForm } from './confirm-account-form.tsx';

/** `/auth/signup/confirm` and `/auth/signup/confirmation`: the code that sign-up e-mailed. */
export function SignupConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const delivery = (useLocation().state as { delivery?: CodeDelivery } | null)?.delivery;
  const email = params.get('email') ?? '';

  return (
    <>
      <AuthHeading
        title={t('auth.signupConfirm.title')}
        subtitle={
          delivery
            ? t('auth.signupConfirm.sentTo', { destination: delivery.destination })
            : t('auth.signupConfirm.subtitle')
        }
      />
      <ConfirmAccountForm email={email} code={params.get('code') ?? ''} delivery={delivery} />
    </>
  );
}
