import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { quoteLatest } from '../../db/schema/quote-latest.ts';
import { createTestDatabase } from '../../test/database.ts';
import { mergeBars } from './book.ts';
import { loadObservations, saveObservations } from './store.ts';
import type { Bar, Observation } from './types.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const bar = (close: number, asOf: string, extra: Partial<Bar> = {}): Bar => ({
  open: close,
  openAt: Date.parse(asOf),
  high: close,
  low: close,
  close,
  ask: null,
  asOf: Date.parse(asOf),
  ...extra,
});

const ptax = (day: string, value: Bar): Observation => ({
  source: 'bcb-ptax',
  base: 'USD',
  quote: 'BRLPTAX',
  day,
  bar: value,
});

describe('quote storage', () => {
  it('stores a row per source, pair and day and reads it back exactly', async () => {
    const observations: Observation[] = [
      ptax(
        '2026-09-28',
        bar(5.2, '2026-09-28T16:05:00.123Z', { open: 5.18, high: 5.23, low: 5.17, ask: 5.2006 }),
      ),
      { source: 'ecb', base: 'EUR', quote: 'BRL', day: '2026-09-28', bar: bar(6.1, '2026-09-28T14:00:00Z') },
    ];
    await saveObservations(database.db, observations);
    const loaded = await loadObservations(database.db, '2026-09-01');
    expect(loaded.sort((a, b) => a.source.localeCompare(b.source))).toEqual(observations);
    expect(await loadObservations(database.db, '2026-09-29')).toEqual([]);
  });

  it('merges a second reading of the same day the same way memory does, even twice in one batch', async () => {
    const first = bar(5.3, '2026-09-29T13:00:00Z', { ask: 5.31 });
    const second = bar(5.25, '2026-09-29T16:00:00Z', { ask: 5.26 });
    const third = bar(5.4, '2026-09-29T10:00:00Z', { ask: 5.41 });
    await saveObservations(database.db, [ptax('2026-09-29', first)]);
    await saveObservations(database.db, [ptax('2026-09-29', second), ptax('2026-09-29', third)]);
    const [row] = (await loadObservations(database.db, '2026-09-29')).filter(
      (observation) => observation.source === 'bcb-ptax',
    );
    expect(row?.bar).toEqual(mergeBars(mergeBars(first, second), third));
    expect(row?.bar).toMatchObject({ open: 5.4, high: 5.4, low: 5.25, close: 5.25, ask: 5.26 });
  });

  it('keeps the newest reading as the latest tick of each pair', async () => {
    const rows = await database.db.select().from(quoteLatest);
    const usd = rows.find((row) => row.source === 'bcb-ptax');
    expect(usd).toMatchObject({ base: 'USD', quote: 'BRLPTAX', bid: 5.25, ask: 5.26 });
    expect(usd?.asOf.toISOString()).toBe('2026-09-29T16:00:00.000Z');
  });

  it('stores large batches in chunks', async () => {
    const many = Array.from(
      { length: 1_200 },
      (_, index): Observation => ({
        source: 'currency-api',
        base: 'USD',
        quote: `C${String(index).padStart(4, '0')}`,
        day: '2026-09-27',
        bar: bar(index + 1, '2026-09-27T00:00:00Z'),
      }),
    );
    await saveObservations(database.db, many);
    const loaded = (await loadObservations(database.db, '2026-09-27')).filter(
      (row) => row.day === '2026-09-27',
    );
    expect(loaded).toHaveLength(1_200);
  });
});
