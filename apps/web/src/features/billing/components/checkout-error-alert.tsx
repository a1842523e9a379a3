import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { translateMessage } from '#web/i18n/translate-message.ts';
import { normalizeError } from '#web/lib/api/normalize-error.ts';
import { useCancelCheckout } from '../api/cancel-checkout.ts';
import { billingDetailsPath } from '../lib/paths.ts';

type CheckoutErrorAlertProps = {
  error: unknown;
  /** The open checkout was cancelled: the page may start a new one. */
  onCancelled: () => void;
  /** The link that buys the refused plan again, offered once the billing details are saved. */
  resumePath?: string;
};

/**
 * Why a checkout did not start; for one already open, the way to cancel it (or go back to it); for a
 * purchase in reais without billing details (issue 27), the way to the form.
 */
export function CheckoutErrorAlert({ error, onCancelled, resumePath }: CheckoutErrorAlertProps) {
  const { t } = useTranslation();
  const cancel = useCancelCheckout();
  if (!error) return null;
  const code = getErrorCode(error);
  if (code === 'BillingDetailsRequired') {
    return (
      <Alert color="yellow" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{translateMessage(t, normalizeError(error).message)}</Text>
          <Button component={Link} to={billingDetailsPath(resumePath)} variant="light" color="yellow.9">
            {t('billing.details.goToForm')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const isInProgress = code === 'CheckoutInProgress';

  return (
    <Alert color={isInProgress ? 'yellow' : 'red'} variant="light" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{translateMessage(t, normalizeError(cancel.error ?? error).message)}</Text>
        {isInProgress && (
          <Button
            variant="light"
            color="yellow.9"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSuccess: onCancelled })}
          >
            {t('billing.openCheckout.cancel')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
