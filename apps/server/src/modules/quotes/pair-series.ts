import { type QuoteBook, VECTOR_BASES } from './book.ts';
import { saoPauloDay } from './time.ts';
import type { Bar, DataSource } from './types.ts';

/** One day of one pair, ready to print: rates in units of the quoted currency, `high`/`low` on the bid side. */
export type PairPoint = {
  /** The São Paulo calendar day of `asOf`: the day the API's `create_date` shows and its date filters read. */
  day: string;
  source: DataSource;
  bid: number;
  ask: number;
  high: number;
  low: number;
  varBid: number;
  pctChange: number;
  asOf: number;
  /** How the point was derived from the source's data, when it was (`tourism-400bps`). */
  derivation?: string;
};

export type SeriesQuery = { limit: number; fromDay?: string; toDay?: string };

/** The order vector sources are preferred in when several have a pair on the same day. */
export const VECTOR_PRIORITY: readonly DataSource[] = ['currency-api', 'ecb'];

type Mid = { open: number; high: number; low: number; close: number; ask: number | null; asOf: number };

/**
 * A pair's rate on a day from one vector source. With the base on one side the leg's own high and low
 * carry over; for a cross of two legs only the first and last readings are known together, so the
 * day's range is the range of those two (documented in docs/decisions, quotes data).
 */
export function vectorMid(book: QuoteBook, source: DataSource, day: string, from: string, to: string) {
  const base = VECTOR_BASES[source];
  const legFrom = from === base ? null : book.bar(source, day, from);
  const legTo = to === base ? null : book.bar(source, day, to);
  if (legFrom === undefined || legTo === undefined) return undefined;
  if (legFrom === null && legTo === null) return undefined;
  if (legFrom === null) return { ...(legTo as Bar), ask: null };
  if (legTo === null) {
    return {
      open: 1 / legFrom.open,
      high: 1 / legFrom.low,
      low: 1 / legFrom.high,
      close: 1 / legFrom.close,
      ask: null,
      asOf: legFrom.asOf,
    };
  }
  const open = legTo.open / legFrom.open;
  const close = legTo.close / legFrom.close;
  return {
    open,
    close,
    high: Math.max(open, close),
    low: Math.min(open, close),
    ask: null,
    asOf: Math.min(legFrom.asOf, legTo.asOf),
  };
}

type Reader = { source: DataSource; days: readonly string[]; read(day: string): Mid | undefined };

function previousClose(reader: Reader, day: string): number | undefined {
  const start = reader.days.indexOf(day);
  for (let index = start + 1; index < reader.days.length; index++) {
    const older = reader.read(reader.days[index] as string);
    if (older) return older.close;
  }
  return undefined;
}

function toPoint(reader: Reader, sourceDay: string, mid: Mid, spreadBps: number): PairPoint {
  const previous = previousClose(reader, sourceDay);
  // Sources without an ask publish one reference rate; the configured spread is split around it.
  const half = mid.ask === null ? spreadBps / 20_000 : 0;
  const bidFactor = 1 - half;
  const bid = mid.close * bidFactor;
  return {
    day: saoPauloDay(mid.asOf),
    source: reader.source,
    bid,
    ask: mid.ask ?? mid.close * (1 + half),
    high: mid.high * bidFactor,
    low: mid.low * bidFactor,
    varBid: previous === undefined ? 0 : (mid.close - previous) * bidFactor,
    pctChange: previous === undefined ? 0 : (mid.close / previous - 1) * 100,
    asOf: mid.asOf,
  };
}

function inRange(day: string, query: SeriesQuery): 'before' | 'inside' | 'after' {
  if (query.toDay !== undefined && day > query.toDay) return 'after';
  if (query.fromDay !== undefined && day < query.fromDay) return 'before';
  return 'inside';
}

/**
 * Newest first, one point per São Paulo day. Each source day comes from the first source in priority
 * order that has both legs that day; its point belongs to the São Paulo day of its as-of time (the
 * currency API's day D is as of 00:00 UTC, 21:00 of D − 1 in Brasília), and a São Paulo day already
 * given by a newer source day keeps that newer point.
 */
export function pairSeries(
  book: QuoteBook,
  pair: { from: string; to: string; direct?: DataSource },
  query: SeriesQuery,
  spreadBps: number,
): PairPoint[] {
  const readers: Reader[] = pair.direct
    ? [directReader(book, pair.direct, `${pair.from}-${pair.to}`)]
    : VECTOR_PRIORITY.map((source) => ({
        source,
        days: book.days(source),
        read: (day: string) => vectorMid(book, source, day, pair.from, pair.to),
      }));
  const sourceDays = unionDesc(readers.map((reader) => reader.days));
  const points: PairPoint[] = [];
  for (const sourceDay of sourceDays) {
    if (points.length >= query.limit) break;
    const point = firstPoint(readers, sourceDay, spreadBps);
    if (!point || point.day === points.at(-1)?.day) continue;
    const position = inRange(point.day, query);
    if (position === 'before') break;
    if (position === 'inside') points.push(point);
  }
  return points;
}

function firstPoint(readers: readonly Reader[], sourceDay: string, spreadBps: number): PairPoint | undefined {
  for (const reader of readers) {
    const mid = reader.read(sourceDay);
    if (mid) return toPoint(reader, sourceDay, mid, spreadBps);
  }
  return undefined;
}

function directReader(book: QuoteBook, source: DataSource, key: string): Reader {
  return { source, days: book.days(source), read: (day) => book.bar(source, day, key) };
}

function unionDesc(lists: readonly (readonly string[])[]): string[] {
  if (lists.length === 1) return [...(lists[0] ?? [])];
  return [...new Set(lists.flat())].sort().reverse();
}
