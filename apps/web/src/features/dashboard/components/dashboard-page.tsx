import { Container, Grid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { useSession } from '../../../lib/session/session-store.ts';
import { useUsage } from '../api/get-usage.ts';
import { PlanSummaryCard } from './plan-summary-card.tsx';
import { QuotaCard } from './quota-card.tsx';
import { UsageChartCard } from './usage-chart-card.tsx';

/** Plan consumption (spec §2): used versus remaining quota and requests by status code. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const usage = useUsage();
  const name = typeof user?.given_name === 'string' ? user.given_name : '';

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title={t('dashboard.title')}
        description={name ? t('dashboard.greeting', { name }) : t('dashboard.description')}
      />
      <FormErrorAlert error={usage.error} />
      {usage.isPending && <Skeleton h={280} radius="md" />}
      {usage.data && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
              <PlanSummaryCard plan={usage.data.plan.id} />
              <QuotaCard usage={usage.data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <UsageChartCard usage={usage.data} />
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
