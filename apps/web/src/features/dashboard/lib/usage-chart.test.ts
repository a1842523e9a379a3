import { describe, expect, it } from 'vitest';
import { makeUsage } from '../test/dashboard-api.ts';
import { buildUsageChart, getStackMax, REMAINING_SERIES } from './usage-chart.ts';

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
