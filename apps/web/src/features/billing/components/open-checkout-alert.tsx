import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFollowUrl } from '../lib/use-follow-url.ts';

type OpenCheckoutAlertProps = { checkout: NonNullable<BillingSummary['openCheckout']> };

/** A purchase started and not finished (a boleto waiting…): the way back to it. */
export function OpenCheckoutAlert({ checkout }: OpenCheckoutAlertProps) {
  const { t } = useTranslation();
  const follow = useFollowUrl();
  return (
    <Alert color="yellow" variant="light" title={t('billing.openCheckout.title')}>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">
          {t('billing.openCheckout.text', {
            plan: t(`plans.${checkout.planId}`),
            cycle: t(`billing.cycle.${checkout.cycle}`),
          })}
        </Text>
        <Button
          component="a"
          href={checkout.url}
          variant="light"
          color="yellow.9"
          onClick={(event) => {
            event.preventDefault();
            follow(checkout.url);
          }}
        >
          {t('billing.openCheckout.finish')}
        </Button>
      </Group>
    </Alert>
  );
}
