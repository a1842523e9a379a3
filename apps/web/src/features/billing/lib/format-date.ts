/** A day in the interface language: "21 de nov. de 2026" / "Nov 21, 2026". */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A period's first and last day: "21 de nov. de 2026 – 21 de dez. de 2026". */
export function formatPeriod(start: string, end: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).formatRange(
    new Date(start),
    new Date(end),
  );
}
