import { describe, expect, it } from 'vitest';
import { addCycle } from './billing-period.ts';

describe('addCycle', () => {
  it('adds a month or a year at the same time of day', () => {
    expect(addCycle(new Date('2026-11-22T10:30:00Z'), 'monthly').toISOString()).toBe(
      '2026-12-22T10:30:00.000Z',
    );
    expect(addCycle(new Date('2026-11-22T10:30:00Z'), 'yearly').toISOString()).toBe(
      '2027-11-22T10:30:00.000Z',
    );
  });

  it('holds a period that starts on a long month’s last days at the shorter month’s end', () => {
    expect(addCycle(new Date('2027-01-31T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
    expect(addCycle(new Date('2028-01-30T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(addCycle(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
  });

  it('crosses a year', () => {
    expect(addCycle(new Date('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });
});
