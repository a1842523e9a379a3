import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BILLING_TAB_PATH, PRICING_PATH } from '../lib/paths.ts';

/** A checkout that is over: paid (to the Billing tab) or expired (back to pricing). */
export function CheckoutOutcome({
  status,
}: {
  status: Extract<TestCheckout['status'], 'complete' | 'expired'>;
}) {
  const { t } = useTranslation();
  const isComplete = status === 'complete';
  return (
    <Alert
      color={isComplete ? 'green' : 'gray'}
      variant="light"
      role="status"
      title={t(isComplete ? 'billing.checkout.completeTitle' : 'billing.checkout.expiredTitle')}
    >
      <Text size="sm" mb="sm">
        {t(isComplete ? 'billing.checkout.completeText' : 'billing.checkout.expiredText')}
      </Text>
      <Group>
        <Button component={Link} to={isComplete ? BILLING_TAB_PATH : PRICING_PATH} variant="light">
          {t(isComplete ? 'billing.checkout.toBilling' : 'billing.checkout.toPricing')}
        </Button>
      </Group>
    </Alert>
  );
}
