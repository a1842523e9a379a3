import { describe, expect, it } from 'vitest';
import { mergeBars, QuoteBook } from './book.ts';
import { type Observation, singleReading } from './types.ts';

const at = (iso: string) => Date.parse(iso);

function reading(
  source: Observation['source'],
  base: string,
  quote: string,
  day: string,
  rate: number,
  asOf: string,
) {
  return { source, base, quote, day, bar: singleReading(rate, at(asOf)) } satisfies Observation;
}

describe('merging two readings of one pair and day', () => {
  it('widens the range, keeps the first open and takes the newest close and ask', () => {
    const morning = {
      open: 5.2,
      openAt: at('2026-09-29T09:00:00Z'),
      high: 5.25,
      low: 5.18,
      close: 5.21,
      ask: 5.22,
      asOf: at('2026-09-29T12:00:00Z'),
    };
    const evening = { ...singleReading(5.3, at('2026-09-29T18:00:00Z')), ask: 5.31 };
    const expected = { ...morning, high: 5.3, close: 5.3, ask: 5.31, asOf: evening.asOf };
    expect(mergeBars(morning, evening)).toEqual(expected);
    // The order the readings arrive in does not matter.
    expect(mergeBars(evening, morning)).toEqual(expected);
  });
});

describe('QuoteBook', () => {
  it('keys vector sources by the quoted code and direct pairs by BASE-QUOTE', () => {
    const book = new QuoteBook();
    book.apply([
      reading('currency-api', 'USD', 'BRL', '2026-09-29', 5.22, '2026-09-29T00:00:00Z'),
      reading('bcb-ptax', 'USD', 'BRLPTAX', '2026-09-29', 5.21, '2026-09-29T16:06:00Z'),
      // A vector source only carries its own base.
      reading('currency-api', 'EUR', 'BRL', '2026-09-29', 6.1, '2026-09-29T00:00:00Z'),
    ]);
    expect(book.bar('currency-api', '2026-09-29', 'BRL')?.close).toBe(5.22);
    expect(book.bar('bcb-ptax', '2026-09-29', 'USD-BRLPTAX')?.close).toBe(5.21);
    expect([...book.keysOn('currency-api', '2026-09-29')]).toEqual(['BRL']);
  });

  it('lists days newest first and changes version only when data changes', () => {
    const book = new QuoteBook();
    const observations = [
      reading('ecb', 'EUR', 'USD', '2026-09-28', 1.13, '2026-09-28T14:00:00Z'),
      reading('ecb', 'EUR', 'USD', '2026-09-29', 1.14, '2026-09-29T14:00:00Z'),
    ];
    expect(book.apply(observations)).toBe(2);
    const version = book.version;
    expect(book.days('ecb')).toEqual(['2026-09-29', '2026-09-28']);
    expect(book.latestAsOf('ecb')).toBe(at('2026-09-29T14:00:00Z'));
    expect(book.apply(observations)).toBe(0);
    expect(book.version).toBe(version);
    book.apply([reading('ecb', 'EUR', 'USD', '2026-09-29', 1.15, '2026-09-29T15:00:00Z')]);
    expect(book.version).toBe(version + 1);
    expect(book.bar('ecb', '2026-09-29', 'USD')).toMatchObject({
      open: 1.14,
      high: 1.15,
      low: 1.14,
      close: 1.15,
    });
  });
});
