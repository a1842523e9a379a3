import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SourceHealthRegistry } from '../../lib/source-health.ts';
import { DAY_MS, utcDay } from '../../lib/time.ts';
import { QuoteBook } from './book.ts';
import { NAMED_CODES } from './currency-names.ts';
import { QuoteIngester } from './ingester.ts';
import { MEMORY_WINDOW_DAYS } from './limits.ts';
import { QuoteService } from './quote-service.ts';
import { createPtaxSource } from './sources/bcb-ptax.ts';
import { loadBundledData } from './sources/bundled-data.ts';
import { createCurrencyApiCdnSource } from './sources/currency-api-cdn.ts';
import { createEcbSource } from './sources/ecb.ts';
import { loadObservations } from './store.ts';
import { addDays } from './time.ts';

export type Quotes = {
  book: QuoteBook;
  service: QuoteService;
  ingester: QuoteIngester;
  /** Whether the schedule starts when the server is ready (tests drive `ingester.run` themselves). */
  isIngestOn: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    quotes: Quotes;
  }
}

type QuotesConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'QUOTES_INGEST'
  | 'QUOTES_BUNDLED_DATA'
  | 'QUOTES_CURRENCY_API_URLS'
  | 'QUOTES_PTAX_URL'
  | 'QUOTES_ECB_URL'
  | 'QUOTES_CURRENCY_API_INTERVAL_MS'
  | 'QUOTES_PTAX_INTERVAL_MS'
  | 'QUOTES_ECB_INTERVAL_MS'
  | 'QUOTES_FETCH_TIMEOUT_MS'
  | 'QUOTES_BACKFILL_DAYS'
  | 'QUOTES_BREAKER_FAILURES'
  | 'QUOTES_BREAKER_COOLDOWN_MS'
  | 'QUOTES_SPREAD_BPS'
  | 'QUOTES_TOURISM_BASES'
  | 'QUOTES_TOURISM_SPREAD_BPS'
>;

/** The npm dataset is a static snapshot; it counts as fresh for the same two days the CDN does. */
const DATASET_CADENCE_MS = 2 * DAY_MS;

/**
 * The quotes API's data side as configured: the book filled from the bundled dataset and the database,
 * the service answering from it, and the ingester with its three live sources.
 */
export async function createConfiguredQuotes(
  config: QuotesConfig,
  db: Db,
  health: SourceHealthRegistry,
  log: FastifyBaseLogger,
): Promise<Quotes> {
  const book = new QuoteBook();
  if (config.QUOTES_BUNDLED_DATA === 'on') {
    const bundled = loadBundledData();
    book.apply(bundled.observations);
    health.register({
      name: 'currency-api-npm',
      api: 'quotes',
      cadenceMs: DATASET_CADENCE_MS,
      isFallback: true,
    });
    health.recordSuccess('currency-api-npm', new Date(bundled.datasetAsOf));
  }
  book.apply(await loadObservations(db, addDays(utcDay(Date.now()), -MEMORY_WINDOW_DAYS)));

  const timeoutMs = config.QUOTES_FETCH_TIMEOUT_MS;
  const ingester = new QuoteIngester({
    book,
    db,
    health,
    log: log.child({ module: 'quotes' }),
    breaker: {
      failureThreshold: config.QUOTES_BREAKER_FAILURES,
      cooldownMs: config.QUOTES_BREAKER_COOLDOWN_MS,
    },
    sources: [
      createCurrencyApiCdnSource({
        urls: config.QUOTES_CURRENCY_API_URLS,
        timeoutMs,
        intervalMs: config.QUOTES_CURRENCY_API_INTERVAL_MS,
        backfillDays: config.QUOTES_BACKFILL_DAYS,
        codes: NAMED_CODES,
      }),
      createPtaxSource({
        baseUrl: config.QUOTES_PTAX_URL,
        timeoutMs,
        intervalMs: config.QUOTES_PTAX_INTERVAL_MS,
      }),
      createEcbSource({
        baseUrl: config.QUOTES_ECB_URL,
        timeoutMs,
        intervalMs: config.QUOTES_ECB_INTERVAL_MS,
      }),
    ],
  });
  return {
    book,
    service: new QuoteService(book, config.QUOTES_SPREAD_BPS, {
      bases: config.QUOTES_TOURISM_BASES,
      spreadBps: config.QUOTES_TOURISM_SPREAD_BPS,
    }),
    ingester,
    isIngestOn: (config.QUOTES_INGEST ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
  };
}
