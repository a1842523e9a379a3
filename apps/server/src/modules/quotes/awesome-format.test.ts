import { describe, expect, it } from 'vitest';
import { decimalsFor, formatDecimal, fullQuote, shortQuote } from './awesome-format.ts';
import type { PairPoint } from './pair-series.ts';

const format = (value: number) => formatDecimal(value, decimalsFor(value));

describe('numbers as AwesomeAPI prints them', () => {
  it('keeps about five significant digits and drops trailing zeros', () => {
    expect(format(5.398_21)).toBe('5.3982');
    expect(format(157.254_9)).toBe('157.25');
    expect(format(0.034_370_1)).toBe('0.03437');
    expect(format(353_094.4)).toBe('353094');
    expect(format(5.506)).toBe('5.506');
    expect(formatDecimal(-0.5, 2)).toBe('-0.5');
    expect(formatDecimal(-0.000_01, 2)).toBe('0');
    expect(formatDecimal(0, 4)).toBe('0');
  });

  it('never falls into exponent notation for tiny rates', () => {
    const text = format(1.2345e-9);
    expect(text).not.toMatch(/e/i);
    expect(Number(text)).toBeCloseTo(1.2345e-9, 13);
  });
});

describe('quote items', () => {
  const point: PairPoint = {
    day: '2026-09-29',
    source: 'currency-api',
    bid: 5.224_238_02,
    ask: 5.229_462_26,
    high: 5.224_238_02,
    low: 5.2,
    varBid: 0.038_8,
    pctChange: 0.748_2,
    asOf: Date.parse('2026-09-29T00:00:00Z'),
  };

  it('prints every value as a string, the timestamp in Unix seconds', () => {
    expect(shortQuote(point)).toEqual({
      high: '5.2242',
      low: '5.2',
      varBid: '0.0388',
      pctChange: '0.75',
      bid: '5.2242',
      ask: '5.2295',
      timestamp: '1790640000',
    });
  });

  it('puts code, codein and name first and create_date last', () => {
    const quote = fullQuote(point, { code: 'USD', codein: 'BRL', name: 'Dólar Americano/Real Brasileiro' });
    expect(Object.keys(quote)).toEqual([
      'code',
      'codein',
      'name',
      'high',
      'low',
      'varBid',
      'pctChange',
      'bid',
      'ask',
      'timestamp',
      'create_date',
    ]);
    expect(quote.create_date).toBe('2026-09-28 21:00:00');
  });
});
