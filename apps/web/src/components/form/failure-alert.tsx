import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message.ts';
import { normalizeError } from '../../lib/api/normalize-error.ts';
import { getErrorCode } from './server-errors.ts';

type FailureAlertProps = { error: unknown; title: string };

/**
 * Spec §8: "Failed to …" followed by "Please try again.", with the server's reason in between when it
 * gave one (a refused value, a plan limit); a network error or a 5xx has nothing to add. A staff member
 * viewing as the customer is not told to try again: nothing can be changed in that view (issue 26).
 */
export function FailureAlert({ error, title }: FailureAlertProps) {
  const { t } = useTranslation();
  if (!error) return null;
  const { status, message } = normalizeError(error);
  const code = getErrorCode(error);
  const reason = status < 500 && code ? translateMessage(t, message) : null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {reason && <Text size="sm">{reason}</Text>}
      {code !== 'ViewAsReadOnly' && <Text size="sm">{t('failures.tryAgain')}</Text>}
    </Alert>
  );
}
