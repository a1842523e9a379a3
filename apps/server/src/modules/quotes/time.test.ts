import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatSaoPaulo, isRealDay, parseCompactDay, zonedToUtc } from './time.ts';

describe('calendar days', () => {
  it('reads YYYYMMDD and refuses impossible or malformed dates', () => {
    expect(parseCompactDay('20240131')).toBe('2024-01-31');
    expect(parseCompactDay('20240229')).toBe('2024-02-29');
    for (const bad of [
      '20230229',
      '20230230',
      '20241301',
      '20240100',
      '2024013',
      '202401311',
      'abcdefgh',
      '2024-01-3',
      '',
    ]) {
      expect(parseCompactDay(bad), bad).toBeNull();
    }
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-09-29')).toBe(true);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-09-20', '2026-09-29')).toBe(9);
  });
});

describe('time zones', () => {
  it("prints AwesomeAPI's create_date in Brasília time", () => {
    expect(formatSaoPaulo(Date.parse('2026-09-29T00:00:00Z'))).toBe('2026-09-28 21:00:00');
    expect(formatSaoPaulo(Date.parse('2026-01-01T02:59:59Z'))).toBe('2025-12-31 23:59:59');
  });

  it('turns a wall-clock time in a zone into the instant, DST included', () => {
    expect(new Date(zonedToUtc('2026-09-29', '13:06:41.512', 'America/Sao_Paulo')).toISOString()).toBe(
      '2026-09-29T16:06:41.512Z',
    );
    // Central European summer time (UTC+2) and winter time (UTC+1).
    expect(new Date(zonedToUtc('2026-09-29', '16:00:00', 'Europe/Berlin')).toISOString()).toBe(
      '2026-09-29T14:00:00.000Z',
    );
    expect(new Date(zonedToUtc('2026-11-20', '16:00:00', 'Europe/Berlin')).toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
  });
});
