import { MAX_DAYS } from './limits.ts';
import { QuoteApiError } from './public-errors.ts';
import type { DailyQuery } from './quote-service.ts';
import { daysBetween, parseCompactDay } from './time.ts';

/**
 * `/json/daily/:pair/:days?start_date=YYYYMMDD&end_date=YYYYMMDD`: a count, a period or both. Without
 * a count a period returns every day in it; with neither, the latest day alone. The route schema has
 * checked the count's bounds and the dates' form; here the dates are read as days.
 */
export function parseDailyQuery(
  days: number | undefined,
  query: { start_date?: string | undefined; end_date?: string | undefined },
): DailyQuery {
  const fromDay = parseDay(query.start_date);
  const toDay = parseDay(query.end_date);
  if (fromDay && toDay && (fromDay > toDay || daysBetween(fromDay, toDay) >= MAX_DAYS)) {
    throw new QuoteApiError('InvalidDateRange');
  }
  const hasPeriod = fromDay !== undefined || toDay !== undefined;
  return { days: days ?? (hasPeriod ? MAX_DAYS : 1), fromDay, toDay };
}

function parseDay(value: string | undefined): string | undefined {
  // Clients that build the query from optional fields send `start_date=` for "no start".
  if (value === undefined || value === '') return undefined;
  const day = parseCompactDay(value);
  if (!day) throw new QuoteApiError('InvalidDate', value);
  return day;
}
