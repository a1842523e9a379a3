type Bucket = { total: number; byStatus: Record<string, number>; date?: string; month?: string };

const STATUS_COLORS: Record<string, string> = {
  '2': 'brand.6',
  '3': 'blue.5',
  '4': 'yellow.6',
  '5': 'red.6',
};

/** One bar per day or month, stacked by HTTP status code, labelled in the interface language. */
export function toChartData(buckets: Bucket[], language: string) {
  const codes = [...new Set(buckets.flatMap((bucket) => Object.keys(bucket.byStatus)))].sort();
  const dayFormat = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const monthFormat = new Intl.DateTimeFormat(language, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const rows = buckets.map((bucket) => ({
    label: bucket.date
      ? dayFormat.format(new Date(`${bucket.date}T00:00:00Z`))
      : monthFormat.format(new Date(`${bucket.month}-01T00:00:00Z`)),
    ...Object.fromEntries(codes.map((code) => [code, bucket.byStatus[code] ?? 0])),
  }));
  const series = codes.map((code) => ({ name: code, color: STATUS_COLORS[code[0] ?? ''] ?? 'gray.6' }));
  const total = buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  return { rows, series, total };
}
