import { z } from 'zod';

/** Pairs per `/json/last` call (a documented limit of the quotes API). */
export const MAX_PAIRS = 30;

/** Days per `/json/daily` call, and the longest start_date…end_date span. */
export const MAX_DAYS = 365;

/**
 * The quotes API's item shapes, AwesomeAPI's: every value a string. Shared by the server's route schemas
 * (and so its OpenAPI document) and the typed client, which checks answers against them.
 */

/** USD-BRL as the quotes API answers it (the OpenAPI documents' example). */
export const QUOTE_EXAMPLE = {
  code: 'USD',
  codein: 'BRL',
  name: 'Dólar Americano/Real Brasileiro',
  high: '5.2242',
  low: '5.2242',
  varBid: '0.0388',
  pctChange: '0.75',
  bid: '5.2242',
  ask: '5.2242',
  timestamp: '1790640000',
  create_date: '2026-09-28 21:00:00',
};

/** An older day of a daily series: the short form. */
export const SHORT_QUOTE_EXAMPLE = {
  high: '5.1854',
  low: '5.1854',
  varBid: '0.0011',
  pctChange: '0.02',
  bid: '5.1854',
  ask: '5.1854',
  timestamp: '1790553600',
};

const short = (description: string) => z.string().meta({ description });

export const shortQuoteSchema = z
  .object({
    high: short('Highest bid of the day'),
    low: short('Lowest bid of the day'),
    varBid: short('Bid minus the previous close'),
    pctChange: short('Change from the previous close, in percent'),
    bid: short('Bid'),
    ask: short('Ask (the source’s own, or the bid plus the configured spread)'),
    timestamp: short('As-of time, Unix seconds'),
  })
  .meta({ id: 'QuoteShort' });

export const fullQuoteSchema = shortQuoteSchema
  .extend({
    code: short('Base currency'),
    codein: short('Quoted currency'),
    name: short('Pair name in Portuguese'),
    create_date: short('As-of time, YYYY-MM-DD HH:MM:SS in America/Sao_Paulo'),
  })
  .meta({ id: 'Quote', examples: [QUOTE_EXAMPLE] });

export type ShortQuote = z.infer<typeof shortQuoteSchema>;
export type FullQuote = z.infer<typeof fullQuoteSchema>;

/** The quotes API's own error body: `{ status, code, message }` (CoinNotExists, InvalidPair…). */
export const quoteErrorSchema = z.object({ status: z.number().int(), code: z.string(), message: z.string() });
