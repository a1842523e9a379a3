const UTC = { timeZone: 'UTC' } as const;

const toDate = (key: string) => new Date(key.length === 7 ? `${key}-01T00:00:00Z` : `${key}T00:00:00Z`);

/**
 * A day (`YYYY-MM-DD`) or month (`YYYY-MM`) of the usage series in the user's language: short for axis
 * labels ("22 de nov.", "dez. 2025" / "Nov 22", "Dec 2025"), full for tooltips and the table.
 */
export function formatPeriod(key: string, language: string, style: 'short' | 'full'): string {
  const date = toDate(key);
  // The chart asks for labels of inactive tooltips too, with no period.
  if (Number.isNaN(date.getTime())) return '';
  if (key.length === 7 && style === 'full') {
    return new Intl.DateTimeFormat(language, { ...UTC, month: 'long', year: 'numeric' }).format(date);
  }
  if (key.length === 7) {
    // pt-BR writes "dez. de 2025"; the axis has room only for "dez. 2025".
    const parts = new Intl.DateTimeFormat(language, {
      ...UTC,
      month: 'short',
      year: 'numeric',
    }).formatToParts(date);
    const month = parts.find((part) => part.type === 'month')?.value ?? '';
    const year = parts.find((part) => part.type === 'year')?.value ?? '';
    return `${month} ${year}`;
  }
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { day: 'numeric', month: 'short' }
      : { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' };
  return new Intl.DateTimeFormat(language, { ...UTC, ...options }).format(date);
}
