import { describe, expect, it } from 'vitest';
import { createCalendar, nextMonthStart } from './period.ts';

describe('createCalendar', () => {
  it('gives the UTC day and month, the same answer all day, and the next one at midnight', () => {
    const calendar = createCalendar();
    const lastMinute = Date.parse('2026-11-30T23:59:59.999Z');
    const first = calendar(Date.parse('2026-11-30T00:00:00Z'));
    expect(first).toEqual({ day: '2026-11-30', month: '2026-11' });
    expect(calendar(lastMinute)).toBe(first);
    expect(calendar(lastMinute + 1)).toEqual({ day: '2026-12-01', month: '2026-12' });
  });

  it('follows a clock set back to an earlier day', () => {
    const calendar = createCalendar();
    expect(calendar(Date.parse('2026-12-01T08:00:00Z')).day).toBe('2026-12-01');
    expect(calendar(Date.parse('2026-11-30T08:00:00Z'))).toEqual({ day: '2026-11-30', month: '2026-11' });
  });
});

describe('nextMonthStart', () => {
  it('is midnight UTC on the first of the next month, across a year', () => {
    expect(nextMonthStart(Date.parse('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
