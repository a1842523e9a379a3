import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import { BillingDetailsSection } from './billing-details-section.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { OpenCheckoutAlert } from './open-checkout-alert.tsx';
import { PastDueAlert } from './past-due-alert.tsx';
import { SectionLoader } from './section-loader.tsx';
import { SubscriptionSummary } from './subscription-summary.tsx';

/**
 * Account Settings → Billing (spec §2): the summary with Manage subscription and Upgrade, the billing details
 * (issue 27), then invoices.
 */
export function BillingTab() {
  const { t } = useTranslation();
  const summary = useBillingSummary();
  const portal = useOpenBillingPortal();
  const subscription = summary.data?.subscription ?? null;

  return (
    <Stack>
      <SettingsSection title={t('billing.summary.title')} description={t('billing.summary.description')}>
        <Stack>
          <FormErrorAlert error={summary.error ?? portal.error} />
          {summary.isPending && <SectionLoader />}
          {subscription?.status === 'past_due' && (
            <PastDueAlert
              graceEndsAt={subscription.graceEndsAt}
              isPending={portal.isPending}
              onFix={() => portal.mutate()}
            />
          )}
          {summary.data?.openCheckout && <OpenCheckoutAlert checkout={summary.data.openCheckout} />}
          {summary.data && <SubscriptionSummary summary={summary.data} />}
          {summary.data && (
            <Group justify="flex-end">
              {subscription && (
                <Button variant="default" onClick={() => portal.mutate()} loading={portal.isPending}>
                  {t('billing.summary.manage')}
                </Button>
              )}
              <Button component={Link} to="/pricing">
                {t('billing.summary.upgrade')}
              </Button>
            </Group>
          )}
        </Stack>
      </SettingsSection>
      <BillingDetailsSection />
      <InvoicesSection />
    </Stack>
  );
}
