import { z } from 'zod';
import { MAX_DAYS, MAX_PAIRS } from './limits.ts';

/** Route schemas of the quotes API: the OpenAPI document is generated from these, examples included. */

const usdBrl = {
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

const usdBrlPreviousDay = {
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
  .meta({ id: 'Quote', examples: [usdBrl] });

export const lastResponse = z
  .record(z.string(), fullQuoteSchema)
  .meta({ examples: [{ USDBRL: usdBrl }], description: 'One entry per pair, keyed CODECODEIN' });

export const dailyResponse = z.array(z.union([fullQuoteSchema, shortQuoteSchema])).meta({
  description: 'Newest first; the first item complete, the rest in the short form',
  examples: [[usdBrl, usdBrlPreviousDay]],
});

export const availableResponse = z
  .record(z.string(), z.string())
  .meta({ examples: [{ 'USD-BRL': 'Dólar Americano/Real Brasileiro', 'EUR-BRL': 'Euro/Real Brasileiro' }] });

export const uniqResponse = z
  .record(z.string(), z.string())
  .meta({ examples: [{ USD: 'Dólar Americano', BRL: 'Real Brasileiro', BTC: 'Bitcoin' }] });

const quoteError = z.object({ status: z.number().int(), code: z.string(), message: z.string() });

const badRequest = quoteError.meta({
  description: `Malformed pair list (more than ${MAX_PAIRS} pairs, bad codes), day count, date or path`,
  examples: [
    {
      status: 400,
      code: 'InvalidDays',
      message: `numero de dias invalido 0: use um inteiro de 1 a ${MAX_DAYS}`,
    },
  ],
});

const notFound = quoteError.meta({
  description: 'A currency or pair that is not served (CoinNotExists), or no such endpoint',
  examples: [{ status: 404, code: 'CoinNotExists', message: 'moeda nao encontrada XYZ-BRL' }],
});

export const xmlResponse = z.string().meta({
  description: 'The same data as XML: `<xml><USDBRL><code>USD</code>…</USDBRL></xml>`',
});

export const pairsParams = z.object({
  pairs: z.string().meta({
    description: `Comma-separated pairs, at most ${MAX_PAIRS}; any two supported codes (cross rates), or USD-BRLPTAX and EUR-BRLPTAX`,
    examples: ['USD-BRL,EUR-BRL,BTC-BRL'],
  }),
});

const pair = z.string().meta({ description: 'One pair', examples: ['USD-BRL'] });

export const dailyParams = z.object({
  pair,
  days: z.string().meta({ description: `Number of days, 1 to ${MAX_DAYS}`, examples: ['15'] }),
});

export const dailyRangeParams = z.object({ pair });

export const dailyQuery = z.object({
  start_date: z
    .string()
    .max(32)
    .optional()
    .meta({ description: 'First day, YYYYMMDD', examples: ['20260901'] }),
  end_date: z
    .string()
    .max(32)
    .optional()
    .meta({ description: 'Last day, YYYYMMDD', examples: ['20260930'] }),
});

export const errorResponses = { 400: badRequest, 404: notFound } as const;
