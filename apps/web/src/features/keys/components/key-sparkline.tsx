import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDays } from '../lib/key-usage.ts';

// The chart library loads with the first sparkline, not with the screens that hold the table.
// The charts' styles come with the charts, never with screens that have none.
const Sparkline = lazy(async () => {
  const [charts] = await Promise.all([import('@mantine/charts'), import('@mantine/charts/styles.layer.css')]);
  return { default: charts.Sparkline };
});

const WIDTH = 110;
const HEIGHT = 32;

/** A key's requests per day over the last 15 days; screen readers get the figures in its label. */
export function KeySparkline({ days }: { days?: number[] }) {
  const { t, i18n } = useTranslation();
  const series = lastDays(days);
  const number = new Intl.NumberFormat(i18n.language);
  const total = series.reduce((sum, value) => sum + value, 0);
  const label = t('keys.sparklineLabel', {
    total: number.format(total),
    days: series.map((value) => number.format(value)).join(', '),
  });
  return (
    <Box role="img" aria-label={label} title={label} w={WIDTH} h={HEIGHT}>
      <Suspense fallback={null}>
        <Sparkline
          data={series}
          w={WIDTH}
          h={HEIGHT}
          color="brand.6"
          curveType="monotone"
          fillOpacity={0.3}
          strokeWidth={1.5}
        />
      </Suspense>
    </Box>
  );
}
