import { DAY_MS, HOUR_MS, utcDay } from '../../lib/time.ts';

/** Days and months are UTC calendar days and months everywhere in metering (decision 007). */

/** The start (ms) of the UTC hour of an instant. */
export function hourStart(ms: number): number {
  return ms - (ms % HOUR_MS);
}

/** `YYYY-MM` of an instant. */
export function utcMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

export function monthStart(ms: number): Date {
  const date = new Date(ms);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** When the quota renews: 00:00 UTC on the first day of the next month. */
export function nextMonthStart(ms: number): Date {
  const date = new Date(ms);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** The `count` days ending with today's, oldest first. */
export function lastDays(ms: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => utcDay(ms - (count - 1 - index) * DAY_MS));
}

/** The `count` months ending with this one, oldest first. */
export function lastMonths(ms: number, count: number): string[] {
  const date = new Date(ms);
  return Array.from({ length: count }, (_, index) =>
    utcMonth(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - (count - 1 - index), 1)),
  );
}

/**
 * The day and month of `now`, recomputed only when the day changes: the hot path asks on every request.
 */
export function createCalendar() {
  let dayEnd = 0;
  let today = { day: '', month: '' };
  return (now: number): { day: string; month: string } => {
    if (now >= dayEnd || now < dayEnd - DAY_MS) {
      const day = utcDay(now);
      today = { day, month: day.slice(0, 7) };
      dayEnd = Date.parse(day) + DAY_MS;
    }
    return today;
  };
}
