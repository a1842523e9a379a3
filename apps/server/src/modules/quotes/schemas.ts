import {
  fullQuoteSchema,
  quoteErrorSchema as quoteError,
  shortQuoteSchema,
  QUOTE_EXAMPLE as usdBrl,
  SHORT_QUOTE_EXAMPLE as usdBrlPreviousDay,
} from '@cotacep/shared/quotes';
import { z } from 'zod';
import { type PublicErrorBody, publicErrorBody, type QuoteErrorCode } from '../../lib/public-errors.ts';
import { publicErrorText } from '../../lib/send-public-error.ts';
import { escapeXml, xmlDocument, xmlFields } from '../../lib/xml.ts';
import { MAX_DAYS, MAX_PAIRS, MAX_PARAM_LENGTH } from './limits.ts';

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

/** The body a refusal gets, its code one of `codes`, its example the catalogue's own text. */
function errorBody(status: 400 | 404, codes: [QuoteErrorCode, ...QuoteErrorCode[]], description: string) {
  const [code] = codes;
  const detail = { CoinNotExists: 'XYZ-BRL', InvalidDays: '0' }[code as string] ?? '';
  return quoteError
    .extend({ status: z.literal(status), code: z.enum(codes) })
    .meta({ description, examples: [publicErrorBody('quotes', code, 'pt-BR', detail)] });
}

const badRequest = errorBody(
  400,
  [
    'InvalidDays',
    'InvalidPair',
    'TooManyPairs',
    'InvalidDate',
    'InvalidDateRange',
    'InvalidQuery',
    'MalformedPath',
    'PathTooLong',
  ],
  `Malformed pair list (more than ${MAX_PAIRS} pairs, bad codes), day count, date, period or path`,
);

const notFound = errorBody(
  404,
  ['CoinNotExists', 'NotFound'],
  'A currency or pair that is not served (CoinNotExists), or no such endpoint (NotFound)',
);

/** An example answer in XML, written as the service writes it: `<xml><USDBRL><code>USD</code>…</USDBRL></xml>`. */
function exampleXml(value: unknown): string {
  if (Array.isArray(value)) return xmlDocument(value.map((item) => ['item', xmlFields(item)]));
  const entries = Object.entries(value as Record<string, string | Record<string, string>>);
  return xmlDocument(
    entries.map(([key, item]) => [key, typeof item === 'string' ? escapeXml(item) : xmlFields(item)]),
  );
}

/** The XML answer of a route whose JSON answer is `json`: the same data, the same example. */
export function xmlResponse(json: z.ZodType) {
  const examples = (json.meta()?.examples as unknown[] | undefined)?.map(exampleXml);
  return z.string().meta({
    description: 'The same data as XML: `<xml><USDBRL><code>USD</code>…</USDBRL></xml>`',
    ...(examples ? { examples } : {}),
  });
}

/** A currency code as a pair spells it, in either case: a letter, then letters or digits ("usd", "BRLPTAX"). */
const CODE = '[A-Za-z][A-Za-z0-9]{1,9}';
const PAIR = `${CODE}-${CODE}`;

/** The route schemas validate with these patterns; a refusal then names its cause (`validation-errors.ts`). */
export const PAIR_PATTERN = new RegExp(`^${PAIR}$`);
export const PAIR_LIST_PATTERN = new RegExp(`^${PAIR}(?:,${PAIR}){0,${MAX_PAIRS - 1}}$`);
const COMPACT_DAY_OR_EMPTY = /^(?:\d{8})?$/;

export const pairsParams = z.object({
  pairs: z
    .string()
    .max(MAX_PARAM_LENGTH)
    .regex(PAIR_LIST_PATTERN)
    .meta({
      description: `Comma-separated pairs CODE-CODE (any case), at most ${MAX_PAIRS}; any two supported codes (cross rates), the tourism pairs (USD-BRLT, EUR-BRLT: the commercial rate with the configured tourism spread on the ask) or USD-BRLPTAX and EUR-BRLPTAX`,
      examples: ['USD-BRL,EUR-BRL,BTC-BRL'],
    }),
});

const pair = z
  .string()
  .regex(PAIR_PATTERN)
  .meta({ description: 'One pair, CODE-CODE (any case)', examples: ['USD-BRL'] });

/**
 * Digits only (no sign, exponent or hex), then the bounds: what the day count's parser accepted. Empty
 * (`/daily/USD-BRL/?start_date=…`, a trailing slash) is no count, as on the route without one.
 */
const days = z.preprocess(
  (value) => {
    if (value === '') return undefined;
    return typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;
  },
  z
    .number()
    .int()
    .min(1)
    .max(MAX_DAYS)
    .optional()
    .meta({ description: `Number of days, 1 to ${MAX_DAYS}`, examples: [15] }),
);

export const dailyParams = z.object({ pair, days });

export const dailyRangeParams = z.object({ pair });

const compactDay = (description: string, example: string) =>
  z
    .string()
    .max(32)
    .regex(COMPACT_DAY_OR_EMPTY)
    .optional()
    .meta({ description: `${description}, YYYYMMDD (empty: none)`, examples: [example] });

export const dailyQuery = z.object({
  start_date: compactDay('First day', '20260901'),
  end_date: compactDay('Last day', '20260930'),
});

export const errorResponses = { 400: badRequest, 404: notFound } as const;

export const xmlContent = (schema: z.ZodType) => ({
  description: (schema.meta()?.description as string | undefined) ?? '',
  content: { 'application/xml': { schema } },
});

const xmlError = (schema: z.ZodType) => {
  const { description, examples } = schema.meta() as { description: string; examples: PublicErrorBody[] };
  return xmlContent(
    z.string().meta({
      description: `${description}, in XML: the same fields as the JSON body`,
      examples: examples.map((body) => publicErrorText(body, 'xml').text),
    }),
  );
};

/** The XML routes answer their errors in XML, the same three fields as the JSON body. */
export const xmlErrorResponses = { 400: xmlError(badRequest), 404: xmlError(notFound) } as const;
