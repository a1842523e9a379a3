import type { Usage } from '@cotacep/shared/usage-schemas';
import { describe, expect, it } from 'vitest';
import { buildUsageChart, getStackMax } from './usage-chart.ts';

const utcDay = (offset: number) => new Date(Date.UTC(2026, 10, 22 + offset)).toISOString().slice(0, 10);

/** 15 days to 2026-11-22 and 3 months to 2026-11 (an account created in September). */
function makeUsage(overrides: Partial<Usage> = {}): Usage {
  const days = Array.from({ length: 15 }, (_, index) => {
    const byStatus: Record<string, number> =
      index === 14 ? { '200': 40, '304': 2, '404': 3, '400': 1, '429': 4, '500': 1 } : { '200': index };
    return { date: utcDay(index - 14), total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
  });
  const months = (
    [
      { month: '2026-09', byStatus: {} },
      { month: '2026-10', byStatus: { '200': 300 } },
      { month: '2026-11', byStatus: { '200': 1200, '304': 34, '404': 34, '503': 2 } },
    ] as { month: string; byStatus: Record<string, number> }[]
  ).map((month) => ({ ...month, total: Object.values(month.byStatus).reduce((a, b) => a + b, 0) }));
  return {
    plan: { id: 'free', monthlyQuota: 10_000, ratePerMinute: 60 },
    period: { start: '2026-11-01', end: '2026-11-30', resetsAt: '2026-12-01T00:00:00.000Z' },
    used: 1234,
    remaining: 8766,
    days,
    months,
    last24h: { total: 200, clientErrors: 7, serverErrors: 1 },
    extraQuota: 0,
    byKey: [],
    byProject: [],
    ...overrides,
  };
}

describe('buildUsageChart', () => {
  it('makes one series per status class present, from calm to severe, coloured by severity', () => {
    const chart = buildUsageChart(makeUsage(), 'days');
    expect(chart.series).toEqual([
      { name: 'success', color: 'brand.5' },
      { name: 'client', color: 'yellow.6' },
      { name: 'limit', color: 'orange.7' },
      { name: 'server', color: 'red.9' },
    ]);
    expect(chart.rows).toHaveLength(15);
    // 200 and 304 are successes; 400 and 404 the caller's errors; 429 the limit.
    expect(chart.rows.at(-1)).toEqual({
      period: '2026-11-22',
      total: 51,
      success: 42,
      client: 4,
      limit: 4,
      server: 1,
    });
    // Classes missing on a day are zeros, not gaps.
    expect(chart.rows[3]).toMatchObject({ success: 3, client: 0, server: 0 });
    expect(chart.quota).toBeUndefined();
  });

  it('draws the months against the quota as a line, with no remainder series', () => {
    const chart = buildUsageChart(makeUsage(), 'months');
    expect(chart.quota).toBe(10_000);
    expect(chart.series.map((item) => item.name)).toEqual(['success', 'client', 'server']);
    expect(chart.rows.map((row) => row.period)).toEqual(['2026-09', '2026-10', '2026-11']);
    // What is left of a month's quota counts only the answers that use it (2xx and 304).
    expect(chart.rows.at(-1)).toMatchObject({ success: 1234, client: 34, server: 2, total: 1270 });
    expect(chart.remaining(chart.rows.at(-1)!)).toBe(8766);
    expect(chart.rows[0]).toMatchObject({ period: '2026-09', total: 0 });
    expect(chart.remaining(chart.rows[0]!)).toBe(10_000);
  });

  it('never shows a negative remainder past the quota', () => {
    const usage = makeUsage({ plan: { id: 'free', monthlyQuota: 1000, ratePerMinute: 60 } });
    const chart = buildUsageChart(usage, 'months');
    expect(chart.remaining(chart.rows.at(-1)!)).toBe(0);
  });
});

describe('getStackMax', () => {
  it('is the tallest stack of the shown series', () => {
    const chart = buildUsageChart(makeUsage(), 'months');
    expect(getStackMax(chart.rows, ['success', 'client', 'server'])).toBe(1270);
    expect(getStackMax(chart.rows, ['client'])).toBe(34);
  });
});
