import { escapeXml, xmlDocument, xmlFields } from '../../lib/xml.ts';
import { type FullQuote, fullQuote, shortQuote } from './awesome-format.ts';
import type { QuoteBook } from './book.ts';
import { Catalog, type ServedPair } from './catalog.ts';
import { TOURISM_CODE } from './currency-names.ts';
import { RESPONSE_CACHE_SIZE } from './limits.ts';
import { type PairPoint, pairSeries, type SeriesQuery } from './pair-series.ts';
import { parsePair, parsePairList, type RequestedPair } from './pairs.ts';
import { QuoteApiError } from './public-errors.ts';

export type Format = 'json' | 'xml';

/** A finished answer: the exact bytes and headers, reused until the data changes. */
export type Prepared = { body: string; contentType: string; source: string; asOf: string };

export type DailyQuery = { days: number; fromDay?: string; toDay?: string };

export type TourismRate = { bases: readonly string[]; spreadBps: number };

/** AwesomeAPI's `/json/all`: its classic list of pairs against the real, the dollar's tourism rate second. */
export const ALL_PAIRS = [
  'USD-BRL',
  'USD-BRLT',
  'CAD-BRL',
  'GBP-BRL',
  'ARS-BRL',
  'BTC-BRL',
  'LTC-BRL',
  'EUR-BRL',
  'JPY-BRL',
  'CHF-BRL',
  'AUD-BRL',
  'CNY-BRL',
  'ILS-BRL',
  'ETH-BRL',
  'XRP-BRL',
  'DOGE-BRL',
];

const CONTENT_TYPES: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

/** Answers the quotes API from memory. Nothing here touches the database. */
export class QuoteService {
  #version = -1;
  #catalog: Catalog | null = null;
  readonly #cache = new Map<string, Prepared>();

  constructor(
    readonly book: QuoteBook,
    readonly spreadBps: number,
    readonly tourism: TourismRate = { bases: [], spreadBps: 0 },
  ) {}

  /** How many prepared answers are held; bounded by RESPONSE_CACHE_SIZE whatever clients ask for. */
  get cachedAnswers(): number {
    return this.#cache.size;
  }

  catalog(): Catalog {
    this.#refresh();
    return this.#catalog as Catalog;
  }

  last(raw: string, format: Format): Prepared {
    return this.#cached(`last|${format}|${raw}`, () => {
      const { entries, points } = this.#latest(parsePairList(raw), { skipUnserved: false });
      const body =
        format === 'json'
          ? JSON.stringify(Object.fromEntries(entries))
          : xmlDocument(entries.map(([key, quote]) => [key, xmlFields(quote)]));
      return this.#prepared(format, body, points);
    });
  }

  /**
   * `/json/all` (AwesomeAPI's classic list, leaving out what is not served) and `/json/all/:pairs`: the
   * latest quotes keyed by the base code, `USDT` for the dollar's tourism rate as that API keys it.
   */
  all(raw: string | undefined): Prepared {
    return this.#cached(`all|${raw ?? ''}`, () => {
      const requested = raw === undefined ? ALL_PAIRS.map(parsePair) : parsePairList(raw);
      const { entries, points } = this.#latest(requested, { skipUnserved: raw === undefined });
      const keyed = entries.map(([, quote]): [string, FullQuote] => [
        quote.codein === TOURISM_CODE ? `${quote.code}T` : quote.code,
        quote,
      ]);
      return this.#prepared('json', JSON.stringify(Object.fromEntries(keyed)), points);
    });
  }

  #latest(requested: readonly RequestedPair[], { skipUnserved }: { skipUnserved: boolean }) {
    const catalog = this.catalog();
    const entries: [string, FullQuote][] = [];
    const points: PairPoint[] = [];
    for (const pairAsked of requested) {
      const pair = catalog.resolve(pairAsked.from, pairAsked.to);
      const [point] = pair ? this.#series(pair, { limit: 1 }) : [];
      if (!pair || !point) {
        if (skipUnserved) continue;
        throw new QuoteApiError('CoinNotExists', pairAsked.text);
      }
      points.push(point);
      entries.push([`${pair.from}${pair.to}`, this.#full(catalog, pair, point)]);
    }
    return { entries, points };
  }

  daily(rawPair: string, query: DailyQuery, format: Format): Prepared {
    const key = `daily|${format}|${rawPair}|${query.days}|${query.fromDay ?? ''}|${query.toDay ?? ''}`;
    return this.#cached(key, () => {
      const catalog = this.catalog();
      const requested = parsePair(rawPair);
      const pair = catalog.resolve(requested.from, requested.to);
      if (!pair) throw new QuoteApiError('CoinNotExists', requested.text);
      const points = this.#series(pair, { limit: query.days, fromDay: query.fromDay, toDay: query.toDay });
      const items = points.map((point, index) =>
        index === 0 ? this.#full(catalog, pair, point) : shortQuote(point),
      );
      const body =
        format === 'json'
          ? JSON.stringify(items)
          : xmlDocument(items.map((item) => ['item', xmlFields(item)]));
      // The series is as fresh as its newest day; older days are history, not staleness.
      return this.#prepared(format, body, points, points.slice(0, 1));
    });
  }

  available(format: Format): Prepared {
    return this.#cached(`available|${format}`, () => {
      const catalog = this.catalog();
      const entries = catalog
        .listedPairs()
        .map(([from, to]): [string, string] => [`${from}-${to}`, catalog.pairName(from, to)]);
      return this.#listing(format, entries);
    });
  }

  uniq(format: Format): Prepared {
    return this.#cached(`uniq|${format}`, () => this.#listing(format, this.catalog().uniq()));
  }

  #listing(format: Format, entries: [string, string][]): Prepared {
    const body =
      format === 'json'
        ? JSON.stringify(Object.fromEntries(entries))
        : xmlDocument(entries.map(([key, name]) => [key, escapeXml(name)]));
    const points = this.#latestPoints();
    return this.#prepared(format, body, points);
  }

  /** One point per source with data, so listings name every source and the oldest as-of among them. */
  #latestPoints(): PairPoint[] {
    const points: PairPoint[] = [];
    for (const source of ['currency-api', 'ecb', 'bcb-ptax'] as const) {
      const asOf = this.book.latestAsOf(source);
      if (asOf === undefined) continue;
      points.push({ day: '', source, bid: 0, ask: 0, high: 0, low: 0, varBid: 0, pctChange: 0, asOf });
    }
    return points;
  }

  #full(catalog: Catalog, pair: ServedPair, point: PairPoint): FullQuote {
    return fullQuote(point, { code: pair.from, codein: pair.to, name: catalog.pairName(pair.from, pair.to) });
  }

  #series(pair: ServedPair, query: SeriesQuery): PairPoint[] {
    if (!pair.tourism) return pairSeries(this.book, pair, query, this.spreadBps);
    // The tourism rate: the commercial pair against the real, its ask raised by the documented spread.
    const { spreadBps } = this.tourism;
    return pairSeries(this.book, { from: pair.from, to: 'BRL' }, query, this.spreadBps).map((point) => ({
      ...point,
      ask: point.ask * (1 + spreadBps / 10_000),
      derivation: `tourism-${spreadBps}bps`,
    }));
  }

  /** Headers name every source used and the oldest as-of among `asOfPoints` (all points by default). */
  #prepared(
    format: Format,
    body: string,
    points: readonly PairPoint[],
    asOfPoints: readonly PairPoint[] = points,
  ): Prepared {
    const sources = [
      ...new Set(
        points.map((point) => (point.derivation ? `${point.source}+${point.derivation}` : point.source)),
      ),
    ].sort();
    const oldest = asOfPoints.reduce((min, point) => Math.min(min, point.asOf), Number.POSITIVE_INFINITY);
    return {
      body,
      contentType: CONTENT_TYPES[format],
      source: sources.join(','),
      asOf: Number.isFinite(oldest) ? new Date(oldest).toISOString() : '',
    };
  }

  #cached(key: string, build: () => Prepared): Prepared {
    this.#refresh();
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const prepared = build();
    if (this.#cache.size >= RESPONSE_CACHE_SIZE) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.set(key, prepared);
    return prepared;
  }

  #refresh(): void {
    if (this.#version === this.book.version) return;
    this.#version = this.book.version;
    this.#cache.clear();
    this.#catalog = new Catalog(this.book, this.tourism.bases);
  }
}
