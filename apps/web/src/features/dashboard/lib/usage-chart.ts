import type { Usage } from '@cotacep/shared/usage-schemas';
import { getStatusClass, getStatusClassColor, STATUS_CLASSES, type StatusClass } from './status-colors.ts';

export type UsageView = 'days' | 'months';

export type ChartRow = { period: string; total: number } & Partial<Record<StatusClass, number>>;
export type ChartSeries = { name: StatusClass; color: string };

type Bucket = { total: number; byStatus: Record<string, number> };

/**
 * One row per day or month (oldest first) with a column per status class present in the window. Months
 * are drawn against the current plan's quota, a line at `quota`; `remaining` is what a month's answers
 * that use the quota (the success class) leave of it.
 */
export function buildUsageChart(usage: Usage, view: UsageView) {
  const buckets: (Bucket & { period: string })[] =
    view === 'days'
      ? usage.days.map((day) => ({ ...day, period: day.date }))
      : usage.months.map((month) => ({ ...month, period: month.month }));
  const byClass = buckets.map((bucket) => {
    const sums: Partial<Record<StatusClass, number>> = {};
    for (const [code, count] of Object.entries(bucket.byStatus)) {
      const statusClass = getStatusClass(Number(code));
      sums[statusClass] = (sums[statusClass] ?? 0) + count;
    }
    return sums;
  });
  const classes = STATUS_CLASSES.filter((statusClass) => byClass.some((sums) => sums[statusClass]));
  const rows: ChartRow[] = buckets.map((bucket, index) => ({
    period: bucket.period,
    total: bucket.total,
    ...Object.fromEntries(classes.map((statusClass) => [statusClass, byClass[index]![statusClass] ?? 0])),
  }));
  const series: ChartSeries[] = classes.map((name) => ({ name, color: getStatusClassColor(name) }));
  const total = buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  const quota = view === 'months' ? usage.plan.monthlyQuota : undefined;
  const remaining = (row: ChartRow) => Math.max(0, usage.plan.monthlyQuota - (row.success ?? 0));
  return { rows, series, classes, total, quota, remaining };
}

export type UsageChart = ReturnType<typeof buildUsageChart>;

/** The tallest stack of the visible series, for the y-axis ticks. */
export function getStackMax(rows: ChartRow[], names: StatusClass[]): number {
  return Math.max(0, ...rows.map((row) => names.reduce((sum, name) => sum + (row[name] ?? 0), 0)));
}
