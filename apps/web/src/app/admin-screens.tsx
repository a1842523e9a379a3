import { Card, Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../components/form/form-error-alert.tsx';
import { useCustomerUsage } from '../features/admin/api/get-customer-usage.ts';
import { AdminLayout } from '../features/admin/components/admin-layout.tsx';
import { ClosuresPage } from '../features/admin/components/closures-page.tsx';
import { CustomerPage } from '../features/admin/components/customer-page.tsx';
import { CustomersPage } from '../features/admin/components/customers-page.tsx';
import { NfseAttentionPage } from '../features/admin/components/nfse-attention-page.tsx';
import { OverviewPage } from '../features/admin/components/overview-page.tsx';
import { StaffTrailPage } from '../features/admin/components/staff-trail-page.tsx';
import { UsageChartCard } from '../features/dashboard/components/usage-chart-card.tsx';
import { getIntegerTicks } from '../features/dashboard/lib/integer-ticks.ts';
import type { UsageView } from '../features/dashboard/lib/usage-chart.ts';
import { getSourceLabelKey } from '../features/status/lib/source-labels.ts';

/**
 * The staff console's screens (issue 26), one chunk that only `staff-route.tsx` loads, and only for staff.
 * They combine the admin feature with the dashboard's usage chart and axis ticks and the status page's
 * source names, so the console draws a customer's usage exactly as the customer sees it.
 */
export { AdminLayout, ClosuresPage, CustomersPage, NfseAttentionPage, StaffTrailPage };

export function AdminOverviewScreen() {
  const { t } = useTranslation();
  const sourceLabel = (name: string) => {
    const key = getSourceLabelKey(name);
    return key ? t(key) : name;
  };
  return <OverviewPage integerTicks={getIntegerTicks} sourceLabel={sourceLabel} />;
}

/** The customer's dashboard chart, same component and same figures (`GET /admin/customers/:id/usage`). */
function CustomerUsage({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const usage = useCustomerUsage(organizationId);
  const [view, setView] = useState<UsageView>('days');
  if (usage.error) return <FormErrorAlert error={usage.error} />;
  if (!usage.data) return <Skeleton h={360} radius="md" />;
  return (
    <UsageChartCard
      usage={usage.data}
      view={view}
      onViewChange={setView}
      empty={
        <Card withBorder={false} py="xl">
          <Text c="dimmed" ta="center">
            {t('admin.customer.noUsage')}
          </Text>
        </Card>
      }
    />
  );
}

export function AdminCustomerScreen() {
  return <CustomerPage renderUsage={(organizationId) => <CustomerUsage organizationId={organizationId} />} />;
}
