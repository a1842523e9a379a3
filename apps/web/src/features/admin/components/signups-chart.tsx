import type { AdminOverview } from '@cotacep/shared/admin-schemas';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../lib/format-instant.ts';

type SignupsChartProps = {
  signups: AdminOverview['signups'];
  integerTicks: (max: number) => number[];
};

// Midday UTC: the day stays the same whatever the formatter's zone.
const dayOf = (date: unknown) => (date ? `${String(date)}T12:00:00Z` : '');

/** New accounts per UTC day over the last 30 days. */
export function SignupsChart({ signups, integerTicks }: SignupsChartProps) {
  const { t, i18n } = useTranslation();
  const short = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' });
  const ticks = integerTicks(Math.max(0, ...signups.map((day) => day.count)));
  return (
    <BarChart
      h={220}
      data={signups}
      dataKey="date"
      series={[{ name: 'count', color: 'brand.6', label: t('admin.overview.signups.series') }]}
      xAxisProps={{
        interval: 'equidistantPreserveStart',
        tickFormatter: (value: string) => formatInstant(dayOf(value), short),
      }}
      yAxisProps={{ allowDecimals: false, ticks, domain: [0, ticks.at(-1) ?? 1], width: 40 }}
      barChartProps={{ margin: { top: 10 } }}
      tooltipProps={{ labelFormatter: (value) => formatInstant(dayOf(value), full) }}
    />
  );
}
