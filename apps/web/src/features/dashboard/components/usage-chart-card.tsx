import { USAGE_CHART_DAYS } from '@cotacep/shared/constants';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { BarChart } from '@mantine/charts';
import { Card, EmptyState, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoltIcon } from '../../../components/icons.tsx';
import { toChartData } from './usage-chart-data.ts';

type UsageView = 'days' | 'months';

/** HTTP requests by status code, per day (last 15 days) or per month. */
export function UsageChartCard({ usage }: { usage: Usage }) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<UsageView>('days');
  const chart = toChartData(view === 'days' ? usage.days : usage.months, i18n.language);

  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Group justify="space-between" mb="xs" gap="sm">
        <Title order={2} fz="lg">
          {t('dashboard.usage.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as UsageView)}
          data={[
            { value: 'days', label: t('dashboard.usage.days') },
            { value: 'months', label: t('dashboard.usage.months') },
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {view === 'days'
          ? t('dashboard.usage.daysHint', { days: USAGE_CHART_DAYS })
          : t('dashboard.usage.monthsHint')}
      </Text>
      {chart.total === 0 ? (
        <EmptyState
          icon={<BoltIcon size={28} />}
          variant="light"
          title={t('dashboard.usage.emptyTitle')}
          description={t('dashboard.usage.emptyText')}
          py="xl"
        />
      ) : (
        <BarChart h={260} data={chart.rows} dataKey="label" type="stacked" series={chart.series} withLegend />
      )}
    </Card>
  );
}
