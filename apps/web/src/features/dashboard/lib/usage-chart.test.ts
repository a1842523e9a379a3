import type { Usage } from '@cotacep/shared/usage-schemas';
import { describe, expect, it } from 'vitest';
import { buildUsageChart, getStackMax, REMAINING_SERIES } from './usage-chart.ts';

const utcDay = (offset: number) => new Date(Date.UTC(2026, 10, 22 + offset)).toISOString().slice(0, 10);

/** 15 days to 2026-11-22 and 12 months to 2026-11, with 200, 304, 404, 429 and 500 answers. */
function makeUsage(overrides: Partial<Usage> = {}): Usage {
  const days = Array.from({ length: 15 }, (_, index) => {
    const byStatus: Record<string, number> =
      index === 14 ? { '200': 40, '304': 2, '404': 3, '429': 4, '500': 1 } : { '200': index };
    return { date: utcDay(index - 14), total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
  });
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = `${index < 1 ? 2025 : 2026}-${String(((index + 11) % 12) + 1).padStart(2, '0')}`;
    const byStatus: Record<string, number> =
      index === 11 ? { '200': 1200, '404': 34 } : index === 10 ? { '200': 300 } : {};
    return { month, total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
  });
  return {
    plan: { id: 'free', monthlyQuota: 10_000, ratePerMinute: 60 },
    period: { start: '2026-11-01', end: '2026-11-30', resetsAt: '2026-12-01T00:00:00.000Z' },
    used: 1234,
    remaining: 8766,
    days,
    months,
    last24h: { total: 200, clientErrors: 7, serverErrors: 1 },
    byKey: [],
    byProject: [],
    ...overrides,
  };
}

describe('buildUsageChart', () => {
  it('makes one series per status code present, in numeric order, coloured by class', () => {
    const chart = buildUsageChart(makeUsage(), 'days');
    expect(chart.series).toEqual([
      { name: '200', color: 'green.7' },
      { name: '304', color: 'blue.7' },
      { name: '404', color: 'orange.9' },
      { name: '429', color: 'violet.6' },
      { name: '500', color: 'red.8' },
    ]);
    expect(chart.rows).toHaveLength(15);
    expect(chart.rows.at(-1)).toEqual({
      period: '2026-11-22',
      total: 50,
      '200': 40,
      '304': 2,
      '404': 3,
      '429': 4,
      '500': 1,
    });
    // Codes missing on a day are zeros, not gaps.
    expect(chart.rows[3]).toMatchObject({ '200': 3, '404': 0, '500': 0 });
  });

  it('stacks each month on what is left of the plan quota', () => {
    const chart = buildUsageChart(makeUsage(), 'months');
    expect(chart.series.at(-1)).toEqual({ name: REMAINING_SERIES, color: 'gray.3' });
    expect(chart.rows.at(-1)).toMatchObject({ period: '2026-11', total: 1234, remaining: 8766 });
    expect(chart.rows[0]).toMatchObject({ period: '2025-12', total: 0, remaining: 10_000 });
    expect(getStackMax(chart.rows, ['200', '404', REMAINING_SERIES])).toBe(10_000);
    expect(getStackMax(chart.rows, ['200', '404'])).toBe(1234);
  });

  it('never shows a negative remainder past the quota', () => {
    const usage = makeUsage({ plan: { id: 'free', monthlyQuota: 1000, ratePerMinute: 60 } });
    expect(buildUsageChart(usage, 'months').rows.at(-1)).toMatchObject({ remaining: 0 });
  });
});
