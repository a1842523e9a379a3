import type { PairPoint } from './pair-series.ts';
import { formatSaoPaulo } from './time.ts';

/** AwesomeAPI's item shapes: every value a string. Later items of a daily series are short. */
export type ShortQuote = {
  high: string;
  low: string;
  varBid: string;
  pctChange: string;
  bid: string;
  ask: string;
  timestamp: string;
};

export type FullQuote = {
  code: string;
  codein: string;
  name: string;
  high: string;
  low: string;
  varBid: string;
  pctChange: string;
  bid: string;
  ask: string;
  timestamp: string;
  create_date: string;
};

const MAX_DECIMALS = 16;

/** Decimals that keep about five significant digits: 5.3982, 157.25, 0.03437, 353094. */
export function decimalsFor(reference: number): number {
  const magnitude = Math.abs(reference);
  if (magnitude === 0 || !Number.isFinite(magnitude)) return 4;
  const decimals = 4 - Math.floor(Math.log10(magnitude));
  return Math.min(MAX_DECIMALS, Math.max(0, decimals));
}

/** Fixed notation, trailing zeros dropped as AwesomeAPI prints them ("5.506", "-0.5", "0"). */
export function formatDecimal(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

export function shortQuote(point: PairPoint): ShortQuote {
  const decimals = decimalsFor(point.bid);
  return {
    high: formatDecimal(point.high, decimals),
    low: formatDecimal(point.low, decimals),
    varBid: formatDecimal(point.varBid, decimals),
    pctChange: formatDecimal(point.pctChange, 2),
    bid: formatDecimal(point.bid, decimals),
    ask: formatDecimal(point.ask, decimals),
    timestamp: String(Math.floor(point.asOf / 1000)),
  };
}

export function fullQuote(point: PairPoint, pair: { code: string; codein: string; name: string }): FullQuote {
  const short = shortQuote(point);
  return {
    code: pair.code,
    codein: pair.codein,
    name: pair.name,
    high: short.high,
    low: short.low,
    varBid: short.varBid,
    pctChange: short.pctChange,
    bid: short.bid,
    ask: short.ask,
    timestamp: short.timestamp,
    create_date: formatSaoPaulo(point.asOf),
  };
}
