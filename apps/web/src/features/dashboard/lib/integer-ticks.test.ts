import { describe, expect, it } from 'vitest';
import { getIntegerTicks } from './integer-ticks.ts';

describe('getIntegerTicks', () => {
  it('never offers half requests on a small axis', () => {
    expect(getIntegerTicks(0)).toEqual([0, 1]);
    expect(getIntegerTicks(1)).toEqual([0, 1]);
    expect(getIntegerTicks(2)).toEqual([0, 1, 2]);
    expect(getIntegerTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it('uses round steps of 1, 2 or 5 times a power of ten, reaching at least the maximum', () => {
    expect(getIntegerTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(getIntegerTicks(50)).toEqual([0, 20, 40, 60]);
    expect(getIntegerTicks(10_000)).toEqual([0, 5000, 10_000]);
    for (const max of [5, 13, 99, 1234, 98_765]) {
      const ticks = getIntegerTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
