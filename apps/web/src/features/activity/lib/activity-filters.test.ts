import { describe, expect, it } from 'vitest';
import {
  dayBoundary,
  isRangeReversed,
  NO_FILTERS,
  periodStart,
  toActivityQuery,
} from './activity-filters.ts';

describe('activity filters → the server query', () => {
  it('turns chosen days into the first and last instant of each in the profile time zone', () => {
    expect(dayBoundary('2026-11-26', 'start', 'America/Sao_Paulo')).toBe('2026-11-26T00:00:00.000-03:00');
    expect(dayBoundary('2026-07-01', 'end', 'Europe/Lisbon')).toBe('2026-07-01T23:59:59.999+01:00');
    expect(dayBoundary('2026-11-26', 'start', 'UTC')).toBe('2026-11-26T00:00:00.000+00:00');
    // A zone the browser does not know falls back to UTC rather than failing.
    expect(dayBoundary('2026-11-26', 'start', 'Mars/Olympus')).toBe('2026-11-26T00:00:00.000+00:00');
  });

  it('sends only what is chosen: event, actor, and either a preset start or the two days', () => {
    expect(toActivityQuery(NO_FILTERS)).toEqual({});
    const now = Date.parse('2026-11-26T12:00:00Z');
    const week = { ...NO_FILTERS, period: 'week' as const, since: periodStart('week', now) };
    expect(toActivityQuery({ ...week, event: 'key.created', actor: 'staff' })).toEqual({
      event: 'key.created',
      actor: 'staff',
      from: '2026-11-19T12:00:00.000Z',
    });
    const custom = { ...NO_FILTERS, period: 'custom' as const, fromDay: '2026-11-01', toDay: '2026-11-02' };
    expect(toActivityQuery(custom, 'America/Sao_Paulo')).toEqual({
      from: '2026-11-01T00:00:00.000-03:00',
      to: '2026-11-02T23:59:59.999-03:00',
    });
    // A half-typed day is left out.
    expect(toActivityQuery({ ...custom, toDay: '2026-11' }, 'UTC')).toEqual({
      from: '2026-11-01T00:00:00.000+00:00',
    });
  });

  it('holds a period whose end comes before its start', () => {
    const custom = { ...NO_FILTERS, period: 'custom' as const, fromDay: '2026-11-10', toDay: '2026-11-01' };
    expect(isRangeReversed(custom)).toBe(true);
    expect(isRangeReversed({ ...custom, toDay: '2026-11-10' })).toBe(false);
    expect(isRangeReversed({ ...custom, period: 'all' })).toBe(false);
  });
});
