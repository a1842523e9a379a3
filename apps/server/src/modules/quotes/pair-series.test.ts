import { describe, expect, it } from 'vitest';
import { QuoteBook } from './book.ts';
import { pairSeries } from './pair-series.ts';
import type { Bar, DataSource, Observation } from './types.ts';

// Noon UTC is 09:00 in Brasília: the same calendar day, so each bar's day is its São Paulo day.
const asOf = (day: string) => Date.parse(`${day}T12:00:00Z`);

function bar(close: number, day: string, extra: Partial<Bar> = {}): Bar {
  return {
    open: close,
    openAt: asOf(day),
    high: close,
    low: close,
    close,
    ask: null,
    asOf: asOf(day),
    ...extra,
  };
}

function observe(source: DataSource, base: string, quote: string, day: string, value: Bar): Observation {
  return { source, base, quote, day, bar: value };
}

/** Three days of the currency API (per USD) and two of the ECB (per EUR), one of them only in the ECB. */
function sampleBook(): QuoteBook {
  const book = new QuoteBook();
  book.apply([
    observe('currency-api', 'USD', 'BRL', '2026-09-27', bar(5.1, '2026-09-27')),
    observe('currency-api', 'USD', 'EUR', '2026-09-27', bar(0.85, '2026-09-27')),
    observe(
      'currency-api',
      'USD',
      'BRL',
      '2026-09-28',
      bar(5.2, '2026-09-28', { open: 5.15, high: 5.25, low: 5.12 }),
    ),
    observe(
      'currency-api',
      'USD',
      'EUR',
      '2026-09-28',
      bar(0.86, '2026-09-28', { open: 0.855, high: 0.87, low: 0.85 }),
    ),
    observe('ecb', 'EUR', 'BRL', '2026-09-28', bar(6.2, '2026-09-28')),
    observe('ecb', 'EUR', 'USD', '2026-09-28', bar(1.15, '2026-09-28')),
    observe('ecb', 'EUR', 'BRL', '2026-09-29', bar(6.3, '2026-09-29')),
    observe('ecb', 'EUR', 'USD', '2026-09-29', bar(1.16, '2026-09-29')),
  ]);
  return book;
}

describe('pair series', () => {
  it("uses a base leg's own range and inverts it for the reverse pair", () => {
    const book = sampleBook();
    const [usdBrl] = pairSeries(book, { from: 'USD', to: 'BRL' }, { limit: 1, toDay: '2026-09-28' }, 0);
    expect(usdBrl).toMatchObject({
      day: '2026-09-28',
      source: 'currency-api',
      bid: 5.2,
      high: 5.25,
      low: 5.12,
    });
    expect(usdBrl?.varBid).toBeCloseTo(0.1, 10);
    expect(usdBrl?.pctChange).toBeCloseTo((5.2 / 5.1 - 1) * 100, 10);
    const [brlUsd] = pairSeries(book, { from: 'BRL', to: 'USD' }, { limit: 1, toDay: '2026-09-28' }, 0);
    expect(brlUsd?.bid).toBeCloseTo(1 / 5.2, 12);
    expect(brlUsd?.high).toBeCloseTo(1 / 5.12, 12);
    expect(brlUsd?.low).toBeCloseTo(1 / 5.25, 12);
  });

  it('derives a cross rate from two legs of the same source and day', () => {
    const [eurBrl] = pairSeries(
      sampleBook(),
      { from: 'EUR', to: 'BRL' },
      { limit: 1, toDay: '2026-09-28' },
      0,
    );
    expect(eurBrl?.bid).toBeCloseTo(5.2 / 0.86, 12);
    // Only the first and last readings are known together for a cross: the range spans those two.
    expect(eurBrl?.high).toBeCloseTo(Math.max(5.15 / 0.855, 5.2 / 0.86), 12);
    expect(eurBrl?.low).toBeCloseTo(Math.min(5.15 / 0.855, 5.2 / 0.86), 12);
  });

  it('prefers the currency API on a shared day, falls back to the ECB on a day only it has', () => {
    const series = pairSeries(sampleBook(), { from: 'USD', to: 'BRL' }, { limit: 10 }, 0);
    expect(series.map((point) => [point.day, point.source])).toEqual([
      ['2026-09-29', 'ecb'],
      ['2026-09-28', 'currency-api'],
      ['2026-09-27', 'currency-api'],
    ]);
    expect(series[0]?.bid).toBeCloseTo(6.3 / 1.16, 12);
    // Variation compares with the same source's previous day, never across sources.
    expect(series[0]?.varBid).toBeCloseTo(6.3 / 1.16 - 6.2 / 1.15, 12);
    expect(series[2]).toMatchObject({ varBid: 0, pctChange: 0 });
  });

  it('keeps to the period and the count asked for', () => {
    const book = sampleBook();
    const days = (query: Parameters<typeof pairSeries>[2]) =>
      pairSeries(book, { from: 'EUR', to: 'BRL' }, query, 0).map((point) => point.day);
    expect(days({ limit: 2 })).toEqual(['2026-09-29', '2026-09-28']);
    expect(days({ limit: 10, fromDay: '2026-09-28' })).toEqual(['2026-09-29', '2026-09-28']);
    expect(days({ limit: 10, fromDay: '2026-09-27', toDay: '2026-09-27' })).toEqual(['2026-09-27']);
    expect(days({ limit: 10, fromDay: '2026-10-01' })).toEqual([]);
  });

  it('splits the configured spread around a reference rate, and keeps a source’s own ask', () => {
    const book = sampleBook();
    const [point] = pairSeries(book, { from: 'USD', to: 'BRL' }, { limit: 1, toDay: '2026-09-28' }, 20);
    expect(point?.bid).toBeCloseTo(5.2 * 0.999, 12);
    expect(point?.ask).toBeCloseTo(5.2 * 1.001, 12);
    book.apply([
      observe('bcb-ptax', 'USD', 'BRLPTAX', '2026-09-29', bar(5.21, '2026-09-29', { ask: 5.2106 })),
    ]);
    const [ptax] = pairSeries(book, { from: 'USD', to: 'BRLPTAX', direct: 'bcb-ptax' }, { limit: 1 }, 20);
    expect(ptax).toMatchObject({ source: 'bcb-ptax', bid: 5.21, ask: 5.2106 });
  });

  it('speaks in Brasília days around midnight UTC: the filter and the day of a point agree with create_date', () => {
    const book = new QuoteBook();
    const midnight = (day: string) => ({ asOf: Date.parse(`${day}T00:00:00Z`) });
    book.apply([
      observe('currency-api', 'USD', 'BRL', '2026-09-05', bar(5.1, '2026-09-05', midnight('2026-09-05'))),
      observe('currency-api', 'USD', 'BRL', '2026-09-06', bar(5.2, '2026-09-06', midnight('2026-09-06'))),
      // The ECB's 5th is as of 16:00 in Frankfurt, 11:00 in Brasília: the same Brasília day as the 6th's file.
      observe(
        'ecb',
        'EUR',
        'BRL',
        '2026-09-05',
        bar(6.2, '2026-09-05', { asOf: Date.parse('2026-09-05T14:00:00Z') }),
      ),
      observe(
        'ecb',
        'EUR',
        'USD',
        '2026-09-05',
        bar(1.15, '2026-09-05', { asOf: Date.parse('2026-09-05T14:00:00Z') }),
      ),
    ]);
    const series = (query: Parameters<typeof pairSeries>[2]) =>
      pairSeries(book, { from: 'USD', to: 'BRL' }, query, 0).map((point) => [
        point.day,
        point.bid,
        point.source,
      ]);

    // The file of the 6th is as of 21:00 on the 5th in Brasília and supersedes the ECB's reading of 11:00.
    expect(series({ limit: 10, fromDay: '2026-09-05', toDay: '2026-09-05' })).toEqual([
      ['2026-09-05', 5.2, 'currency-api'],
    ]);
    expect(series({ limit: 10, fromDay: '2026-09-04', toDay: '2026-09-04' })).toEqual([
      ['2026-09-04', 5.1, 'currency-api'],
    ]);
    expect(series({ limit: 10, fromDay: '2026-09-06' })).toEqual([]);
    expect(series({ limit: 10 }).map(([day]) => day)).toEqual(['2026-09-05', '2026-09-04']);
  });

  it('is empty for a pair no source has', () => {
    expect(pairSeries(sampleBook(), { from: 'USD', to: 'JPY' }, { limit: 5 }, 0)).toEqual([]);
  });
});
