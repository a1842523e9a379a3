import type { AuditEventName } from '@cotacep/shared/audit-events';
import type { ActivityQuery } from '@cotacep/shared/audit-schemas';

/** The periods offered; `all` is everything still kept (a year by default), `custom` two days the user picks. */
export const ACTIVITY_PERIODS = ['all', 'day', 'week', 'month', 'quarter', 'custom'] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number];

const PERIOD_DAYS: Record<Exclude<ActivityPeriod, 'all' | 'custom'>, number> = {
  day: 1,
  week: 7,
  month: 30,
  quarter: 90,
};

/** What the filters hold: an event, an actor (a member's id, `staff` or `system`) and a period. */
export type ActivityFilters = {
  event: AuditEventName | null;
  actor: string | null;
  period: ActivityPeriod;
  /** The chosen period's start, fixed when it was chosen (so the query does not move with the clock). */
  since: string | null;
  /** `custom`: the first and last day (YYYY-MM-DD), in the user's time zone. */
  fromDay: string;
  toDay: string;
};

export const NO_FILTERS: ActivityFilters = {
  event: null,
  actor: null,
  period: 'all',
  since: null,
  fromDay: '',
  toDay: '',
};

/** The start of a preset period counted back from `now`. */
export function periodStart(period: ActivityPeriod, now = Date.now()): string | null {
  if (period === 'all' || period === 'custom') return null;
  return new Date(now - PERIOD_DAYS[period] * 86_400_000).toISOString();
}

/** "-03:00" for São Paulo on that day; "+00:00" when the browser does not know the zone. */
function offsetOn(day: string, timeZone: string | undefined): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .find((part) => part.type === 'timeZoneName')?.value;
    const offset = name?.replace('GMT', '') ?? '';
    return /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : '+00:00';
  } catch {
    return '+00:00';
  }
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A day's first or last instant in `timeZone`, as the API's ISO time with offset. */
export function dayBoundary(day: string, edge: 'start' | 'end', timeZone?: string): string {
  const time = edge === 'start' ? '00:00:00.000' : '23:59:59.999';
  return `${day}T${time}${offsetOn(day, timeZone)}`;
}

/** What the filters send; the cursor and the export's format are added by the request. */
export type ActivityFilterQuery = Pick<ActivityQuery, 'event' | 'actor' | 'from' | 'to'>;

/** The query the server pages and filters by. */
export function toActivityQuery(filters: ActivityFilters, timeZone?: string): ActivityFilterQuery {
  const query: ActivityFilterQuery = {};
  if (filters.event) query.event = filters.event;
  if (filters.actor) query.actor = filters.actor as ActivityQuery['actor'];
  if (filters.period === 'custom') {
    if (isDay(filters.fromDay)) query.from = dayBoundary(filters.fromDay, 'start', timeZone);
    if (isDay(filters.toDay)) query.to = dayBoundary(filters.toDay, 'end', timeZone);
  } else if (filters.since) {
    query.from = filters.since;
  }
  return query;
}

/** A custom period whose last day comes before its first: nothing is asked until it is fixed. */
export const isRangeReversed = (filters: ActivityFilters) =>
  filters.period === 'custom' &&
  isDay(filters.fromDay) &&
  isDay(filters.toDay) &&
  filters.toDay < filters.fromDay;
