import {
  fullQuoteSchema,
  quoteErrorSchema as quoteError,
  shortQuoteSchema,
  QUOTE_EXAMPLE as usdBrl,
  SHORT_QUOTE_EXAMPLE as usdBrlPreviousDay,
} from '@cotacep/shared/quotes';
import { z } from 'zod';
import { MAX_DAYS, MAX_PAIRS } from './limits.ts';

/** Route schemas of the quotes API: the OpenAPI document is generated from these, examples included. */

export const lastResponse = z
  .record(z.string(), fullQuoteSchema)
  .meta({ examples: [{ USDBRL: usdBrl }], description: 'One entry per pair, keyed CODECODEIN' });

export const allResponse = z.record(z.string(), fullQuoteSchema).meta({
  examples: [{ USD: usdBrl }],
  description:
    'One entry per pair, keyed by the base code (`USDT` for USD-BRLT, the tourism dollar), as AwesomeAPI’s /json/all',
});

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
    description: `Comma-separated pairs, at most ${MAX_PAIRS}; any two supported codes (cross rates), the tourism pairs (USD-BRLT, EUR-BRLT: the commercial rate with the configured tourism spread on the ask) or USD-BRLPTAX and EUR-BRLPTAX`,
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

export const xmlContent = (schema: z.ZodType) => ({ content: { 'application/xml': { schema } } });

const xmlError = (description: string) =>
  xmlContent(
    z.string().meta({
      description: `${description}, in XML: \`<xml><status>404</status><code>CoinNotExists</code><message>…</message></xml>\``,
    }),
  );

/** The XML routes answer their errors in XML, the same three fields as the JSON body. */
export const xmlErrorResponses = {
  400: xmlError(`Malformed pair list (more than ${MAX_PAIRS} pairs, bad codes), day count, date or path`),
  404: xmlError('A currency or pair that is not served (CoinNotExists), or no such endpoint'),
} as const;
