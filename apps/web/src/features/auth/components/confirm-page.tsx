import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthHeading } from './auth-heading.tsx';
import { ConfirmAccountForm } from './confirm-account-form.tsx';

/** `/auth/confirm` and `/auth/confirmation`: where the e-mailed link lands; it confirms at once. */
export function ConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';

  return (
    <>
      <AuthHeading title={t('auth.confirm.title')} subtitle={t('auth.confirm.subtitle')} />
      <ConfirmAccountForm email={email} code={code} shouldSubmitAtOnce={Boolean(email && code)} />
    </>
  );
}
