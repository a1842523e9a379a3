import { USAGE_CHART_DAYS } from '@cotacep/shared/constants';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { Card, Group, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '#web/components/segmented-choice/segmented-choice.tsx';
import { formatPeriod } from '../lib/format-period.ts';
import { getIntegerTicks } from '../lib/integer-ticks.ts';
import { STATUS_CLASS_CODES, type StatusClass } from '../lib/status-colors.ts';
import { buildUsageChart, getStackMax, type UsageView } from '../lib/usage-chart.ts';
import { type LegendSeries, SeriesLegend } from './series-legend.tsx';
import { UsageTable } from './usage-table.tsx';

type UsageChartCardProps = {
  usage: Usage;
  view: UsageView;
  onViewChange: (view: UsageView) => void;
  /** Shown instead of the chart when the window has no requests. */
  empty: ReactNode;
  actions?: ReactNode;
};

/**
 * HTTP requests by status class per day (last 15 days) or per month (since the account began, at most 12),
 * the months against the plan's quota drawn as a dashed line.
 */
export function UsageChartCard({ usage, view, onViewChange, empty, actions }: UsageChartCardProps) {
  const { t, i18n } = useTranslation();
  const [display, setDisplay] = useState<'chart' | 'table'>('chart');
  const [hidden, setHidden] = useState<StatusClass[]>([]);
  const chart = buildUsageChart(usage, view);
  const number = new Intl.NumberFormat(i18n.language);
  const series: (LegendSeries & { label: string })[] = chart.series.map((item) => {
    const code = STATUS_CLASS_CODES[item.name];
    const meaning = t(`dashboard.usage.statusClass.${item.name}`);
    return { ...item, code, meaning, label: `${code} ${meaning}` };
  });
  const visible = series.filter((item) => !hidden.includes(item.name));
  // The axis reaches the quota line too, so the bars read against it.
  const ticks = getIntegerTicks(
    Math.max(
      chart.quota ?? 0,
      getStackMax(
        chart.rows,
        visible.map((item) => item.name),
      ),
    ),
  );
  const quotaLabel =
    chart.quota === undefined
      ? undefined
      : t('dashboard.usage.quotaLine', { quota: number.format(chart.quota) });
  // Wide enough for the longest tick in the page's language ("100.000"), about 7 px a character.
  const axisWidth = Math.max(32, 12 + 7 * Math.max(...ticks.map((tick) => number.format(tick).length)));
  const onToggle = (name: StatusClass) =>
    setHidden((current) =>
      current.includes(name) ? current.filter((item) => item !== name) : [...current, name],
    );

  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Group justify="space-between" mb="xs" gap="sm">
        <Title order={2} fz="lg">
          {t('dashboard.usage.title')}
        </Title>
        <Group gap="xs">
          <SegmentedChoice
            size="xs"
            aria-label={t('dashboard.usage.viewLabel')}
            value={view}
            onChange={onViewChange}
            data={[
              { value: 'days', label: t('dashboard.usage.days') },
              { value: 'months', label: t('dashboard.usage.months') },
            ]}
          />
          <SegmentedChoice
            size="xs"
            aria-label={t('dashboard.usage.displayLabel')}
            value={display}
            onChange={setDisplay}
            data={[
              { value: 'chart', label: t('dashboard.usage.chart') },
              { value: 'table', label: t('dashboard.usage.table') },
            ]}
          />
          {actions}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {view === 'days'
          ? t('dashboard.usage.daysHint', { days: USAGE_CHART_DAYS })
          : t('dashboard.usage.monthsHint')}
      </Text>
      {chart.total === 0 && empty}
      {chart.total > 0 && display === 'table' && <UsageTable chart={chart} view={view} />}
      {chart.total > 0 && display === 'chart' && (
        <>
          <BarChart
            h={280}
            data={chart.rows}
            dataKey="period"
            type="stacked"
            series={visible}
            valueFormatter={(value) => number.format(value)}
            // Labels thinned at equal steps to fit the width (the default thinning leaves irregular gaps).
            xAxisProps={{
              interval: 'equidistantPreserveStart',
              tickFormatter: (value: string) => formatPeriod(value, i18n.language, 'short'),
            }}
            yAxisProps={{ allowDecimals: false, ticks, domain: [0, ticks.at(-1) ?? 1], width: axisWidth }}
            referenceLines={
              chart.quota === undefined
                ? undefined
                : [
                    {
                      y: chart.quota,
                      color: 'gray.7',
                      strokeDasharray: '6 4',
                      strokeWidth: 2,
                      ifOverflow: 'extendDomain',
                    },
                  ]
            }
            // Room above the top tick, so its label sits on its line instead of below it.
            barChartProps={{ margin: { top: 10 } }}
            tooltipProps={{ labelFormatter: (value) => formatPeriod(String(value), i18n.language, 'full') }}
          />
          <SeriesLegend series={series} hidden={hidden} onToggle={onToggle} quota={quotaLabel} />
        </>
      )}
    </Card>
  );
}
