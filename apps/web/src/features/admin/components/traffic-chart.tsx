import type { AdminOverview } from '@cotacep/shared/admin-schemas';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../lib/format-instant.ts';
import { ChartLegend } from './chart-legend.tsx';

type TrafficChartProps = {
  hours: AdminOverview['traffic']['hours'];
  integerTicks: (max: number) => number[];
};

// The dashboard's meanings: the brand's calm green for answers, amber for the callers' errors, dark red for ours.
const SERIES = [
  { name: 'ok', color: 'brand.5' },
  { name: 'client', color: 'yellow.6' },
  { name: 'server', color: 'red.9' },
] as const;

/** Public API answers per hour over the last 24 hours, stacked by who erred. */
export function TrafficChart({ hours, integerTicks }: TrafficChartProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const hourFormat = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const fullFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = hours.map((hour) => ({
    hour: hour.hour,
    ok: Math.max(0, hour.total - hour.clientErrors - hour.serverErrors),
    client: hour.clientErrors,
    server: hour.serverErrors,
  }));
  const ticks = integerTicks(Math.max(0, ...hours.map((hour) => hour.total)));
  const series = SERIES.map((item) => ({ ...item, label: t(`admin.overview.traffic.series.${item.name}`) }));
  if (hours.every((hour) => hour.total === 0)) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {t('admin.overview.traffic.empty')}
      </Text>
    );
  }
  return (
    <>
      <BarChart
        h={220}
        data={rows}
        dataKey="hour"
        type="stacked"
        series={series}
        valueFormatter={(value) => number.format(value)}
        xAxisProps={{
          interval: 'equidistantPreserveStart',
          tickFormatter: (value: string) => formatInstant(value, hourFormat),
        }}
        yAxisProps={{ allowDecimals: false, ticks, domain: [0, ticks.at(-1) ?? 1], width: 56 }}
        barChartProps={{ margin: { top: 10 } }}
        tooltipProps={{ labelFormatter: (value) => formatInstant(value, fullFormat) }}
      />
      <ChartLegend items={series} />
    </>
  );
}
