import type { BillingDetails } from '@cotacep/shared/billing-details-schemas';
import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { BILLING_DETAILS_PATH } from '../lib/paths.ts';
import { BillingDetailsForm } from './billing-details-form.tsx';
import { BillingDetailsSummary } from './billing-details-summary.tsx';

type CheckoutBillingDetailsProps = {
  checkout: TestCheckout;
  saved: BillingDetails | null;
  /** The details allow this payment: any in dollars, a CPF or CNPJ in reais. */
  canPay: boolean;
};

/**
 * "Billed to": the organization's billing details, edited in one place (the Billing tab). A purchase in
 * dollars with none saved yet fills them in here, saved before paying; in reais the checkout could not have
 * started without them, but they may have changed since.
 */
export function CheckoutBillingDetails({ checkout, saved, canPay }: CheckoutBillingDetailsProps) {
  const { t } = useTranslation();
  const isFirstInDollars = !saved && checkout.currency !== 'BRL';

  return (
    <SettingsSection
      title={t('billing.details.billedTo')}
      description={isFirstInDollars ? t('billing.details.fillInline') : undefined}
    >
      {isFirstInDollars ? (
        <BillingDetailsForm saved={null} email={checkout.email} />
      ) : (
        <Stack gap="sm">
          {saved && <BillingDetailsSummary details={saved} />}
          {!canPay && (
            <Alert color="yellow" variant="light" role="alert">
              <Text size="sm">{t('billing.details.needTaxId')}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            {canPay ? (
              <Anchor component={Link} to={BILLING_DETAILS_PATH} size="sm">
                {t('billing.details.editDetails')}
              </Anchor>
            ) : (
              <Button component={Link} to={BILLING_DETAILS_PATH}>
                {t('billing.details.goToForm')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </SettingsSection>
  );
}
