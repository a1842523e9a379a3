import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useCancelCheckout } from '../api/cancel-checkout.ts';
import { useFollowUrl } from '../lib/use-follow-url.ts';

type OpenCheckoutAlertProps = {
  checkout: NonNullable<BillingSummary['openCheckout']>;
  /** Where another plan could be bought (pricing): "Continue checkout" first, then a way to cancel it. */
  onCancelled?: () => void;
};

/** A purchase started and not finished (a boleto waiting…): the way back to it. */
export function OpenCheckoutAlert({ checkout, onCancelled }: OpenCheckoutAlertProps) {
  const { t } = useTranslation();
  const follow = useFollowUrl();
  const cancel = useCancelCheckout();
  return (
    <Alert color="yellow" variant="light" title={t('billing.openCheckout.title')}>
      <Stack gap="sm">
        <Text size="sm">
          {t('billing.openCheckout.text', {
            plan: t(`plans.${checkout.planId}`),
            cycle: t(`billing.cycle.${checkout.cycle}`),
          })}
        </Text>
        <FormErrorAlert error={cancel.error} />
        <Group gap="sm">
          <Button
            component="a"
            href={checkout.url}
            variant={onCancelled ? 'filled' : 'light'}
            color="yellow.9"
            onClick={(event) => {
              event.preventDefault();
              follow(checkout.url);
            }}
          >
            {t(onCancelled ? 'billing.openCheckout.continue' : 'billing.openCheckout.finish')}
          </Button>
          {onCancelled && (
            <Button
              variant="default"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: onCancelled })}
            >
              {t('billing.openCheckout.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
