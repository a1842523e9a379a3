import { Container, Grid, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { formatMoney } from '#web/lib/format/format-money.ts';
import { useOverview } from '../api/get-overview.ts';
import { NfseAttentionNotice } from './nfse-attention-notice.tsx';
import { RevenueTable } from './revenue-table.tsx';
import { SectionCard } from './section-card.tsx';
import { SignupsChart } from './signups-chart.tsx';
import { SourcesTable } from './sources-table.tsx';
import { TrafficChart } from './traffic-chart.tsx';

export type OverviewPageProps = {
  /** From the screens that compose the console (`app/`): the dashboard's axis ticks, the status page's source names. */
  integerTicks: (max: number) => number[];
  sourceLabel: (name: string) => string;
};

/** How the business runs right now: traffic and errors, sign-ups, paying customers and revenue, the data sources. */
export function OverviewPage({ integerTicks, sourceLabel }: OverviewPageProps) {
  const { t, i18n } = useTranslation();
  const overview = useOverview();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const data = overview.data;
  const updatedAt = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
    overview.dataUpdatedAt,
  );

  return (
    <Container size="lg" py="lg">
      <PageHeader
        title={t('admin.overview.title')}
        description={data ? t('admin.overview.updatedAt', { time: updatedAt }) : undefined}
      />
      <FormErrorAlert error={overview.error} />
      {overview.isPending && <Skeleton h={320} radius="md" />}
      {data && (
        <Stack gap="lg">
          <NfseAttentionNotice />
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <StatCard
              label={t('admin.overview.requestsPerMinute')}
              value={number.format(data.traffic.requestsPerMinute)}
              hint={t('admin.overview.lastHour', { count: data.traffic.requests })}
            />
            <StatCard
              label={t('admin.overview.errorRate')}
              value={
                <Text span inherit c={data.traffic.errorRate > 0.05 ? 'red.8' : undefined}>
                  {percent.format(data.traffic.errorRate)}
                </Text>
              }
              hint={t('admin.overview.errorSplit', {
                client: number.format(data.traffic.clientErrors),
                server: number.format(data.traffic.serverErrors),
              })}
            />
            <StatCard
              label={t('admin.overview.payingOrganizations')}
              value={number.format(data.revenue.payingOrganizations)}
            />
            <StatCard
              label={t('admin.overview.mrr')}
              value={formatMoney(data.revenue.mrr.BRL, 'BRL', i18n.language)}
              hint={
                data.revenue.mrr.USD > 0
                  ? t('admin.overview.mrrUsd', {
                      amount: formatMoney(data.revenue.mrr.USD, 'USD', i18n.language),
                    })
                  : undefined
              }
            />
          </SimpleGrid>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <SectionCard title={t('admin.overview.traffic.title')}>
                <Text size="sm" c="dimmed" mb="sm">
                  {t('admin.overview.traffic.hint')}
                </Text>
                <TrafficChart hours={data.traffic.hours} integerTicks={integerTicks} />
              </SectionCard>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <SectionCard title={t('admin.overview.signups.title')}>
                <Text size="sm" c="dimmed" mb="sm">
                  {t('admin.overview.signups.hint', {
                    count: data.signups.reduce((sum, day) => sum + day.count, 0),
                  })}
                </Text>
                <SignupsChart signups={data.signups} integerTicks={integerTicks} />
              </SectionCard>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <SectionCard title={t('admin.overview.revenue.title')}>
                <RevenueTable revenue={data.revenue} />
              </SectionCard>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <SectionCard title={t('admin.overview.sources.title')}>
                <SourcesTable sources={data.sources} sourceLabel={sourceLabel} />
              </SectionCard>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Container>
  );
}
