import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { translateMessage } from '#web/i18n/translate-message.ts';
import { normalizeError } from '#web/lib/api/normalize-error.ts';
import { useCancelCheckout } from '../api/cancel-checkout.ts';

type CheckoutErrorAlertProps = {
  error: unknown;
  /** The open checkout was cancelled: the page may start a new one. */
  onCancelled: () => void;
};

/** Why a checkout did not start; for one already open, the way to cancel it (or go back to it). */
export function CheckoutErrorAlert({ error, onCancelled }: CheckoutErrorAlertProps) {
  const { t } = useTranslation();
  const cancel = useCancelCheckout();
  if (!error) return null;
  const isInProgress = getErrorCode(error) === 'CheckoutInProgress';

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
