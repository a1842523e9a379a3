import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageLoader } from '#web/components/page/page-loader.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { BILLING_TAB_PATH, PRICING_PATH } from '../lib/paths.ts';
import { BillingClockPanel } from './billing-clock-panel.tsx';
import { CancelSubscriptionSection } from './cancel-subscription-section.tsx';
import { ChangePlanSection } from './change-plan-section.tsx';
import { PayInvoiceSection } from './pay-invoice-section.tsx';
import { SubscriptionSummary } from './subscription-summary.tsx';
import { TestModeBanner } from './test-mode-banner.tsx';

type ManagePageProps = {
  /** The plan may have changed (upgrade, paid invoice, clock moved): the app renews the token and the data. */
  onPlanChanged: () => void;
};

/** `/billing/manage`: test mode's "Manage subscription", standing in for Stripe's customer portal. */
export function ManagePage({ onPlanChanged }: ManagePageProps) {
  const { t } = useTranslation();
  const summary = useBillingSummary();
  const subscription = summary.data?.subscription ?? null;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <TestModeBanner />
        <PageHeader
          title={t('billing.manage.title')}
          description={t('billing.manage.description')}
          actions={
            <Button component={Link} to={BILLING_TAB_PATH} variant="default">
              {t('billing.manage.back')}
            </Button>
          }
        />
        <FormErrorAlert error={summary.error} />
        {summary.isPending && <PageLoader />}
        {summary.data && !subscription && (
          <Alert color="gray" variant="light" title={t('billing.manage.noSubscription')}>
            <Button component={Link} to={PRICING_PATH} variant="light" mt="xs">
              {t('billing.manage.seePlans')}
            </Button>
          </Alert>
        )}
        {summary.data && subscription && (
          <>
            <SettingsSection title={t('billing.manage.currentTitle')}>
              <SubscriptionSummary summary={summary.data} />
            </SettingsSection>
            {/* A past-due subscription settles its invoice before it may change. */}
            {subscription.status === 'past_due' ? (
              <PayInvoiceSection onPaid={onPlanChanged} />
            ) : (
              <ChangePlanSection subscription={subscription} onChanged={onPlanChanged} />
            )}
            <CancelSubscriptionSection subscription={subscription} />
          </>
        )}
        <BillingClockPanel onAdvanced={onPlanChanged} />
      </Stack>
    </Container>
  );
}
