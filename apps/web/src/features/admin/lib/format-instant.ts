/**
 * A chart's time label in the page's language; whatever is not a date (the tooltip asks with an empty label
 * while the pointer enters the chart) comes back as it was, never as a thrown RangeError.
 */
export function formatInstant(value: unknown, format: Intl.DateTimeFormat): string {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value ?? '') : format.format(date);
}
