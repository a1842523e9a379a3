import type { Language } from '@cotacep/shared/languages';
import type { UsageCsvQuery } from '@cotacep/shared/usage-schemas';
import { slug } from '../../lib/slug.ts';

export type CsvView = UsageCsvQuery['view'];
/** One bar of the chart: a day (`YYYY-MM-DD`) or a month (`YYYY-MM`) and its requests by status. */
export type CsvBucket = { label: string; byStatus: Record<string, number> };

/**
 * Spreadsheet conventions per language: pt-BR's decimal mark is the comma, so its lists use `;` (what
 * Excel expects in Brazil); English uses `,` and `.`. Every column is a date or an integer, so no decimal
 * mark is ever written.
 */
const FORMATS: Record<Language, { separator: string; headers: Record<CsvView, string[]> }> = {
  'pt-BR': {
    separator: ';',
    headers: { days: ['data', 'status', 'requisições'], months: ['mês', 'status', 'requisições'] },
  },
  en: {
    separator: ',',
    headers: { days: ['date', 'status', 'requests'], months: ['month', 'status', 'requests'] },
  },
};

const BOM = '\uFEFF';

/**
 * The chart's numbers as CSV lines, BOM and header first (so Excel opens it as UTF-8): one row per day or
 * month and status code with requests, codes ascending; a day or month without any request is one row with
 * an empty status and 0, so every bar of the chart has a line.
 */
export function* usageCsvLines(buckets: CsvBucket[], view: CsvView, language: Language): Generator<string> {
  const { separator, headers } = FORMATS[language];
  yield `${BOM}${headers[view].join(separator)}\r\n`;
  for (const { label, byStatus } of buckets) {
    const statuses = Object.keys(byStatus)
      .filter((status) => (byStatus[status] ?? 0) > 0)
      .sort((a, b) => Number(a) - Number(b));
    if (statuses.length === 0) yield `${label}${separator}${separator}0\r\n`;
    for (const status of statuses) yield `${label}${separator}${status}${separator}${byStatus[status]}\r\n`;
  }
}

/** `cotacep-usage-days[-key-<prefix or id>][-project-<slug or id>]-YYYY-MM-DD.csv`. */
export function usageCsvFileName(
  view: CsvView,
  filter: { key?: { id: string; prefix: string | null }; project?: { id: string; name: string | null } },
  today: string,
): string {
  const parts = ['cotacep-usage', view];
  // A prefix is case-sensitive base62 after `ck_pub_` / `ck_priv_`: kept as it is shown.
  if (filter.key) parts.push('key', filter.key.prefix?.replace(/[^A-Za-z0-9_]/g, '') || filter.key.id);
  if (filter.project) parts.push('project', slug(filter.project.name ?? '') || filter.project.id);
  return `${parts.join('-')}-${today}.csv`;
}
