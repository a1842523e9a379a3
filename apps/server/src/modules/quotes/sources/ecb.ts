import { fetchText } from '#server/lib/fetch-text.ts';
import { DAY_MS, utcDay } from '#server/lib/time.ts';
import { CURRENCY_NAMES } from '../currency-names.ts';
import { daysBetween, isRealDay, zonedToUtc } from '../time.ts';
import { type Observation, singleReading } from '../types.ts';
import type { QuoteSource } from './quote-source.ts';
import { httpError, malformed, SOURCE_REQUEST } from './source-error.ts';

export type EcbOptions = { baseUrl: string; timeoutMs: number; intervalMs: number };

const DAY_CUBE = /<Cube\s+time=(['"])(\d{4}-\d{2}-\d{2})\1\s*>([\s\S]*?)<\/Cube>/g;
const RATE_CUBE = /<Cube\s+currency=(['"])([A-Z]{3})\1\s+rate=(['"])(\d+(?:\.\d+)?)\3\s*\/>/g;
/** The ECB publishes "around 16:00 CET" on TARGET business days. */
const PUBLICATION_TIME = '16:00:00';
/** With the last known day older than this, the 90-day file fills the gap instead of the daily one. */
const DAILY_FILE_REACH_DAYS = 4;

/** The ECB's `gesmes:Envelope` of reference rates per euro, one `<Cube time>` per business day. */
export function parseEcbXml(text: string): Observation[] {
  if (!text.includes('<gesmes:Envelope') || !text.includes('</gesmes:Envelope>')) {
    throw malformed('not an ECB reference-rates envelope');
  }
  const observations: Observation[] = [];
  let days = 0;
  for (const [, , day = '', cubes = ''] of text.matchAll(DAY_CUBE)) {
    if (!isRealDay(day)) throw malformed(`impossible day ${day}`);
    days++;
    const asOf = zonedToUtc(day, PUBLICATION_TIME, 'Europe/Berlin');
    for (const [, , currency = '', , rate = ''] of cubes.matchAll(RATE_CUBE)) {
      const value = Number(rate);
      if (!(value > 0) || !CURRENCY_NAMES[currency]) continue;
      observations.push({
        source: 'ecb',
        base: 'EUR',
        quote: currency,
        day,
        bar: singleReading(value, asOf),
      });
    }
  }
  if (days === 0) throw malformed('no reference-rate days');
  return observations;
}

/** European Central Bank euro reference rates (XML): about 30 currencies per euro, daily. */
export function createEcbSource(options: EcbOptions): QuoteSource {
  return {
    name: 'ecb',
    feeds: 'ecb',
    // Friday's rates stand through the weekend; Easter adds Good Friday and Easter Monday.
    cadenceMs: 5 * DAY_MS,
    intervalMs: options.intervalMs,
    async fetch({ book, now }) {
      const known = book.latestDay('ecb');
      const isRecent = known !== undefined && daysBetween(known, utcDay(now)) <= DAILY_FILE_REACH_DAYS;
      const file = isRecent ? 'eurofxref-daily.xml' : 'eurofxref-hist-90d.xml';
      const { status, text } = await fetchText(`${options.baseUrl}/${file}`, {
        ...SOURCE_REQUEST,
        timeoutMs: options.timeoutMs,
        accept: 'application/xml, text/xml',
      });
      if (status !== 200) throw httpError(status);
      return parseEcbXml(text);
    },
  };
}
