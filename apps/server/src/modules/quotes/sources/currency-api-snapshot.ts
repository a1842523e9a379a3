import { isRealDay } from '../time.ts';
import { type Observation, singleReading } from '../types.ts';
import { malformed } from './source-error.ts';

/**
 * One file of fawazahmed0's currency API (npm package and CDN alike): `{"date":"2026-09-29",
 * "usd":{"brl":5.22,…}}`, the units of every currency one US dollar buys on that day.
 */
export type CurrencyApiSnapshot = { date: string; rates: Map<string, number> };

const MIN_RATES = 10;

export function parseCurrencyApiSnapshot(text: string): CurrencyApiSnapshot {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformed('body is not JSON');
  }
  if (typeof body !== 'object' || body === null) throw malformed('body is not an object');
  const { date, usd } = body as { date?: unknown; usd?: unknown };
  if (typeof date !== 'string' || !isRealDay(date)) throw malformed('missing or invalid date');
  if (typeof usd !== 'object' || usd === null || Array.isArray(usd)) throw malformed('missing usd rates');
  const rates = new Map<string, number>();
  for (const [code, rate] of Object.entries(usd)) {
    if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0 && /^[a-z0-9]{2,10}$/.test(code)) {
      rates.set(code.toUpperCase(), rate);
    }
  }
  if (rates.size < MIN_RATES) throw malformed(`only ${rates.size} usable rates`);
  return { date, rates };
}

/** The published day is the data's as-of: the file is built from rates of that UTC day. */
export function snapshotObservations(
  snapshot: CurrencyApiSnapshot,
  codes: ReadonlySet<string>,
): Observation[] {
  const asOf = Date.parse(`${snapshot.date}T00:00:00Z`);
  const observations: Observation[] = [];
  for (const [code, rate] of snapshot.rates) {
    if (code === 'USD' || !codes.has(code)) continue;
    observations.push({
      source: 'currency-api',
      base: 'USD',
      quote: code,
      day: snapshot.date,
      bar: singleReading(rate, asOf),
    });
  }
  return observations;
}
