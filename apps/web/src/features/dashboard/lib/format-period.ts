const UTC = { timeZone: 'UTC' } as const;

const toDate = (key: string) => new Date(key.length === 7 ? `${key}-01T00:00:00Z` : `${key}T00:00:00Z`);

const DAY_STYLES: Record<'short' | 'medium' | 'full', Intl.DateTimeFormatOptions> = {
  short: { day: 'numeric', month: 'short' },
  medium: { weekday: 'short', day: 'numeric', month: 'short' },
  full: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
};

/**
 * A day (`YYYY-MM-DD`) or month (`YYYY-MM`) of the usage series in the user's language: short for axis
 * labels ("22 de nov.", "dez. 2025" / "Nov 22", "Dec 2025"), medium for the table's rows, which a phone
 * shows beside their figures ("dom., 22 de nov.", months in full), full for tooltips.
 */
export function formatPeriod(key: string, language: string, style: 'short' | 'medium' | 'full'): string {
  const date = toDate(key);
  // The chart asks for labels of inactive tooltips too, with no period.
  if (Number.isNaN(date.getTime())) return '';
  if (key.length === 7 && style !== 'short') {
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
  return new Intl.DateTimeFormat(language, { ...UTC, ...DAY_STYLES[style] }).format(date);
}
