import { z } from 'zod';
import { isRealDay } from '../time.ts';
import { type Observation, singleReading } from '../types.ts';
import type { CurrencyApiSnapshot } from './currency-api-snapshot.ts';

/**
 * The compact history shipped with the server, built by `scripts/build-quotes-history.ts` from dated
 * versions of the npm dataset so that a fresh install already answers `/json/daily` for weeks back.
 * One row of rates per day, in the order of `codes`, units per one US dollar; null where a day lacked one.
 */
export const HISTORY_ATTRIBUTION =
  'Exchange rates: fawazahmed0/exchange-api, published on npm as @fawazahmed0/currency-api, ' +
  'dedicated to the public domain under CC0-1.0 (https://github.com/fawazahmed0/exchange-api).';

const historySchema = z.object({
  source: z.literal('currency-api'),
  attribution: z.string().min(1),
  license: z.literal('CC0-1.0'),
  base: z.literal('USD'),
  versions: z.array(z.string()),
  codes: z.array(z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/)),
  days: z.array(
    z.tuple([z.string().refine(isRealDay, 'not a date'), z.array(z.number().positive().nullable())]),
  ),
});

export type HistoryFile = z.infer<typeof historySchema>;

export function parseHistoryFile(json: unknown): HistoryFile {
  const history = historySchema.parse(json);
  for (const [day, rates] of history.days) {
    if (rates.length !== history.codes.length) throw new Error(`history day ${day} has the wrong width`);
  }
  return history;
}

export function historyObservations(history: HistoryFile): Observation[] {
  const observations: Observation[] = [];
  for (const [day, rates] of history.days) {
    const asOf = Date.parse(`${day}T00:00:00Z`);
    rates.forEach((rate, index) => {
      const quote = history.codes[index];
      if (rate === null || quote === undefined) return;
      observations.push({ source: 'currency-api', base: 'USD', quote, day, bar: singleReading(rate, asOf) });
    });
  }
  return observations;
}

/** Eight significant digits keep every rate exact to far below the precision the API prints. */
function compact(rate: number): number {
  return Number(rate.toPrecision(8));
}

export function buildHistoryFile(
  snapshots: (CurrencyApiSnapshot & { version: string })[],
  codes: readonly string[],
): HistoryFile {
  const byDay = new Map<string, CurrencyApiSnapshot & { version: string }>();
  for (const snapshot of snapshots) byDay.set(snapshot.date, snapshot);
  const ordered = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
  const used = [...codes].filter((code) => ordered.some((snapshot) => snapshot.rates.has(code))).sort();
  return {
    source: 'currency-api',
    attribution: HISTORY_ATTRIBUTION,
    license: 'CC0-1.0',
    base: 'USD',
    versions: ordered.map((snapshot) => snapshot.version),
    codes: used,
    days: ordered.map((snapshot) => [
      snapshot.date,
      used.map((code) => {
        const rate = snapshot.rates.get(code);
        return rate === undefined ? null : compact(rate);
      }),
    ]),
  };
}
