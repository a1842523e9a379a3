import { MAX_PAIRS, MAX_PARAM_LENGTH } from './limits.ts';
import { QuoteApiError } from './public-errors.ts';

export type RequestedPair = { text: string; from: string; to: string };

/** A currency code as pairs spell it: a letter, then letters or digits ("USD", "BRLPTAX", "USDT"). */
const CODE = /^[A-Z][A-Z0-9]{1,9}$/;

/** `usd-brl` → USD/BRL. Syntax only: whether the pair is served is the catalog's call. */
export function parsePair(raw: string): RequestedPair {
  const text = raw.toUpperCase();
  const parts = text.split('-');
  if (parts.length !== 2) throw new QuoteApiError('InvalidPair', raw);
  const [from = '', to = ''] = parts;
  if (!CODE.test(from) || !CODE.test(to)) throw new QuoteApiError('InvalidPair', raw);
  return { text, from, to };
}

/** `USD-BRL,EUR-BRL` → distinct pairs, in the order asked, at most MAX_PAIRS. */
export function parsePairList(raw: string): RequestedPair[] {
  if (raw.length > MAX_PARAM_LENGTH) throw new QuoteApiError('PathTooLong');
  const items = raw.split(',');
  if (items.length > MAX_PAIRS) throw new QuoteApiError('TooManyPairs');
  const pairs = new Map<string, RequestedPair>();
  for (const item of items) {
    const pair = parsePair(item);
    pairs.set(pair.text, pair);
  }
  return [...pairs.values()];
}
