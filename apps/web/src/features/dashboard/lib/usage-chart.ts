import type { Usage } from '@cotacep/shared/usage-schemas';
import { getStatusColor } from './status-colors.ts';

export type UsageView = 'days' | 'months';

/** The Months view's extra series: what is left of each month's quota, stacked on the usage. */
export const REMAINING_SERIES = 'remaining';

export type ChartRow = { period: string; total: number } & Record<string, number | string>;
export type ChartSeries = { name: string; color: string };

type Bucket = { total: number; byStatus: Record<string, number> };

/**
 * One row per day or month with a column per HTTP status code present in the window (codes in numeric
 * order). Months also carry the remaining quota, the current plan's quota applied to every month.
 */
export function buildUsageChart(usage: Usage, view: UsageView) {
  const buckets: (Bucket & { period: string })[] =
    view === 'days'
      ? usage.days.map((day) => ({ ...day, period: day.date }))
      : usage.months.map((month) => ({ ...month, period: month.month }));
  const codes = [...new Set(buckets.flatMap((bucket) => Object.keys(bucket.byStatus)))].sort(
    (a, b) => Number(a) - Number(b),
  );
  const quota = usage.plan.monthlyQuota;
  const rows: ChartRow[] = buckets.map((bucket) => ({
    period: bucket.period,
    total: bucket.total,
    ...Object.fromEntries(codes.map((code) => [code, bucket.byStatus[code] ?? 0])),
    ...(view === 'months' ? { [REMAINING_SERIES]: Math.max(0, quota - bucket.total) } : {}),
  }));
  const series: ChartSeries[] = codes.map((code) => ({ name: code, color: getStatusColor(code) }));
  if (view === 'months') series.push({ name: REMAINING_SERIES, color: 'gray.3' });
  const total = buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  return { rows, series, codes, total };
}

/** The tallest stack of the visible series, for the y-axis ticks. */
export function getStackMax(rows: ChartRow[], names: string[]): number {
  return Math.max(0, ...rows.map((row) => names.reduce((sum, name) => sum + Number(row[name] ?? 0), 0)));
}
