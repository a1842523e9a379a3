import { Alert } from '@mantine/core';
import { isAxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { isPasskeyDismissed } from '#web/lib/webauthn/webauthn.ts';

/**
 * Why a passkey sign-in stopped: a closed dialog is said calmly (it was the person's choice), the server's
 * refusal in its own words, and anything the browser's WebAuthn raised as one plain sentence.
 */
export function PasskeyErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  if (isAxiosError(error)) return <FormErrorAlert error={error} />;
  if (isPasskeyDismissed(error)) {
    return (
      <Alert color="gray" variant="light" role="status">
        {t('auth.passkey.dismissed')}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert">
      {t('auth.passkey.failed')}
    </Alert>
  );
}
