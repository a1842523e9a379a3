import { type FullQuote, fullQuote, shortQuote } from './awesome-format.ts';
import type { QuoteBook } from './book.ts';
import { Catalog, type ServedPair } from './catalog.ts';
import { RESPONSE_CACHE_SIZE } from './limits.ts';
import { type PairPoint, pairSeries, type SeriesQuery } from './pair-series.ts';
import { parsePair, parsePairList } from './pairs.ts';
import { QuoteApiError } from './public-errors.ts';
import { escapeXml, fieldsXml, xmlDocument } from './xml.ts';

export type Format = 'json' | 'xml';

/** A finished answer: the exact bytes and headers, reused until the data changes. */
export type Prepared = { body: string; contentType: string; source: string; asOf: string };

export type DailyQuery = { days: number; fromDay?: string; toDay?: string };

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
      const catalog = this.catalog();
      const entries: [string, FullQuote][] = [];
      const points: PairPoint[] = [];
      for (const requested of parsePairList(raw)) {
        const pair = catalog.resolve(requested.from, requested.to);
        const [point] = pair ? this.#series(pair, { limit: 1 }) : [];
        if (!pair || !point) throw new QuoteApiError('CoinNotExists', requested.text);
        points.push(point);
        entries.push([`${pair.from}${pair.to}`, this.#full(catalog, pair, point)]);
      }
      const body =
        format === 'json'
          ? JSON.stringify(Object.fromEntries(entries))
          : xmlDocument(entries.map(([key, quote]) => [key, fieldsXml(quote)]));
      return this.#prepared(format, body, points);
    });
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
          : xmlDocument(items.map((item) => ['item', fieldsXml(item)]));
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
    return pairSeries(this.book, pair, query, this.spreadBps);
  }

  /** Headers name every source used and the oldest as-of among `asOfPoints` (all points by default). */
  #prepared(
    format: Format,
    body: string,
    points: readonly PairPoint[],
    asOfPoints: readonly PairPoint[] = points,
  ): Prepared {
    const sources = [...new Set(points.map((point) => point.source))].sort();
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
    this.#catalog = new Catalog(this.book);
  }
}
