import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The checkout form's Pix tab (issue 27): what paying by Pix is, and, when the customer comes back to the
 * form because the last code expired unpaid, that it did.
 */
export function PixTab({ checkout }: { checkout: TestCheckout }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {checkout.pix?.status === 'expired' && (
        <Alert color="yellow" variant="light" title={t('billing.pix.expiredTitle')}>
          {t('billing.pix.expiredCheckout')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('billing.pix.intro')}
      </Text>
    </Stack>
  );
}
