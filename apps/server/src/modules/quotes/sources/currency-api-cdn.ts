import { fetchText } from '#server/lib/fetch-text.ts';
import { DAY_MS } from '#server/lib/time.ts';
import { addDays, daysBetween } from '../time.ts';
import type { Observation } from '../types.ts';
import {
  type CurrencyApiSnapshot,
  parseCurrencyApiSnapshot,
  snapshotObservations,
} from './currency-api-snapshot.ts';
import type { QuoteSource } from './quote-source.ts';
import { httpError, SOURCE_REQUEST, sourceError } from './source-error.ts';

export type CurrencyApiCdnOptions = {
  /** URL templates tried in order; `{date}` is `latest` or YYYY-MM-DD, `{version}` `latest` or YYYY.M.D. */
  urls: readonly string[];
  timeoutMs: number;
  intervalMs: number;
  /** Missing days fetched by date after a newer latest, at most this many per run. */
  backfillDays: number;
  codes: ReadonlySet<string>;
};

export function expandUrl(template: string, day: string | 'latest'): string {
  const version = day === 'latest' ? 'latest' : day.split('-').map(Number).join('.');
  return template.replaceAll('{date}', day).replaceAll('{version}', version);
}

/**
 * The dataset's CDN form (jsDelivr, with Cloudflare Pages as its documented fallback). The mirrors can
 * lag each other, so every one is asked and the newest day wins; one answering is enough.
 */
export function createCurrencyApiCdnSource(options: CurrencyApiCdnOptions): QuoteSource {
  async function fetchDay(day: string | 'latest', everyMirror: boolean): Promise<CurrencyApiSnapshot> {
    let newest: CurrencyApiSnapshot | undefined;
    let lastError: unknown = sourceError('network', 'no url configured');
    for (const template of options.urls) {
      try {
        const { status, text } = await fetchText(expandUrl(template, day), {
          ...SOURCE_REQUEST,
          timeoutMs: options.timeoutMs,
          accept: 'application/json',
        });
        if (status !== 200) throw httpError(status);
        const snapshot = parseCurrencyApiSnapshot(text);
        if (!newest || snapshot.date > newest.date) newest = snapshot;
        if (!everyMirror) break;
      } catch (error) {
        lastError = error;
      }
    }
    if (!newest) throw lastError;
    return newest;
  }

  return {
    name: 'currency-api-cdn',
    feeds: 'currency-api',
    cadenceMs: 2 * DAY_MS,
    intervalMs: options.intervalMs,
    async fetch({ book }) {
      const latest = await fetchDay('latest', true);
      const observations: Observation[] = snapshotObservations(latest, options.codes);
      const known = book.latestDay('currency-api');
      if (!known || known >= latest.date) return observations;
      const gap = Math.min(daysBetween(known, latest.date) - 1, options.backfillDays);
      for (let offset = gap; offset >= 1; offset--) {
        const day = addDays(latest.date, -offset);
        try {
          const dated = await fetchDay(day, false);
          if (dated.date === day) observations.push(...snapshotObservations(dated, options.codes));
        } catch {
          // A day no mirror has stays a gap in the history; the latest rates are what matters.
        }
      }
      return observations;
    },
  };
}
