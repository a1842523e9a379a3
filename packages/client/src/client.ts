import { type CepAddress, cepAddressSchema, normalizeCep } from '@cotacep/shared/cep';
import { type FullQuote, fullQuoteSchema, type ShortQuote, shortQuoteSchema } from '@cotacep/shared/quotes';
import { z } from 'zod';
import { CotacepApiError, metaOf, type ResponseMeta } from './errors.ts';

export type ClientOptions = {
  /** Where the APIs live, e.g. `https://api.cotacep.com.br` (the quotes API under `/quotes`, CEP under `/cep`). */
  baseUrl: string;
  /** The key's secret (`ck_pub_…` or `ck_priv_…`); without one, calls are anonymous and limited per IP. */
  token?: string;
  /** `header` (default) sends `x-api-key`; `query` sends `?token=`, as AwesomeAPI clients do. */
  tokenIn?: 'header' | 'query';
  /** `Accept-Language` of the gateway's messages: `pt-BR` (default) or `en`. */
  language?: string;
  fetch?: typeof globalThis.fetch;
  quotesPath?: string;
  cepPath?: string;
};

/** An answer's data and what its headers say (quota left, source, as-of). */
export type Answer<T> = { data: T; meta: ResponseMeta };

export type DailyOptions = {
  /** Number of days, 1 to 360. */
  days?: number;
  /** First day, `YYYYMMDD`, a day in São Paulo time as every date of the API. */
  startDate?: string;
  endDate?: string;
};

const quotesByKey = z.record(z.string(), fullQuoteSchema);
const dailySeries = z.array(z.union([fullQuoteSchema, shortQuoteSchema]));
const names = z.record(z.string(), z.string());
const errorBody = z.object({ status: z.number(), code: z.string(), message: z.string() });

/**
 * The typed client of the public APIs. Every answer is checked against the same Zod schemas the server
 * documents its OpenAPI contract with; a refusal throws `CotacepApiError` with the API's own code.
 */
export function createCotacepClient(options: ClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/+$/, '');
  const quotesPath = options.quotesPath ?? '/quotes';
  const cepPath = options.cepPath ?? '/cep';

  /** One GET of the API with the key and language where the options say, answered as it came. */
  function send(path: string, query: Record<string, string> = {}): Promise<Response> {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.language) headers['accept-language'] = options.language;
    if (options.token && options.tokenIn === 'query') url.searchParams.set('token', options.token);
    else if (options.token) headers['x-api-key'] = options.token;
    return fetchImpl(url, { headers });
  }

  async function check<T>(response: Response, schema: z.ZodType<T>): Promise<Answer<T>> {
    const meta = metaOf(response);
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = errorBody.safeParse(body);
      throw new CotacepApiError(
        response.status,
        error.success ? error.data.code : 'unexpected_answer',
        error.success ? error.data.message : `HTTP ${response.status}`,
        meta,
      );
    }
    return { data: schema.parse(body), meta };
  }

  const pairList = (pairs: string | readonly string[]) =>
    encodeURIComponent(typeof pairs === 'string' ? pairs : pairs.join(',')).replaceAll('%2C', ',');

  /** Every call's path and query, once: the checked calls and the raw ones send the same requests. */
  const requests = {
    last: (pairs: string | readonly string[]) => send(`${quotesPath}/json/last/${pairList(pairs)}`),
    daily: (pair: string, { days, startDate, endDate }: DailyOptions = {}) =>
      send(`${quotesPath}/json/daily/${encodeURIComponent(pair)}${days === undefined ? '' : `/${days}`}`, {
        ...(startDate ? { start_date: startDate } : {}),
        ...(endDate ? { end_date: endDate } : {}),
      }),
    all: (pairs?: string | readonly string[]) =>
      send(`${quotesPath}/json/all${pairs === undefined ? '' : `/${pairList(pairs)}`}`),
    available: () => send(`${quotesPath}/json/available`),
    currencies: () => send(`${quotesPath}/json/available/uniq`),
    cep: (cep: string) => send(`${cepPath}/json/${encodeURIComponent(normalizeCep(cep.trim()) ?? cep)}`),
  };

  return {
    quotes: {
      /** The latest quote of each pair (`USD-BRL`, `USD-BRLT`, `USD-BRLPTAX`, `BTC-EUR`…), keyed `USDBRL`. */
      last: async (pairs: string | readonly string[]): Promise<Answer<Record<string, FullQuote>>> =>
        check(await requests.last(pairs), quotesByKey),
      /** Daily closes of one pair, newest first: the first item complete, the rest short. */
      daily: async (pair: string, options?: DailyOptions): Promise<Answer<(FullQuote | ShortQuote)[]>> =>
        check(await requests.daily(pair, options), dailySeries),
      /** AwesomeAPI's `/json/all`, or `/json/all/:pairs`: keyed by base code (`USDT` for the tourism dollar). */
      all: async (pairs?: string | readonly string[]): Promise<Answer<Record<string, FullQuote>>> =>
        check(await requests.all(pairs), quotesByKey),
      /** Every listed pair and its name. */
      available: async (): Promise<Answer<Record<string, string>>> =>
        check(await requests.available(), names),
      /** Every currency code and its name. */
      currencies: async (): Promise<Answer<Record<string, string>>> =>
        check(await requests.currencies(), names),
    },
    cep: {
      /** The address of a CEP (`01001000` or `01001-000`); `meta.precision` says street or municipality. */
      lookup: async (cep: string): Promise<Answer<CepAddress>> => {
        if (!normalizeCep(cep.trim())) throw new RangeError(`not a CEP: ${cep}`);
        return check(await requests.cep(cep), cepAddressSchema);
      },
    },
    /**
     * The same calls answered as the API sent them: the `Response` with its status, every header and the
     * body unread, nothing checked and nothing thrown for a refusal (a "try it" panel shows it all). Only a
     * network failure rejects. A malformed CEP is sent as typed, for the API's own 400.
     */
    raw: {
      quotes: {
        last: requests.last,
        daily: requests.daily,
        all: requests.all,
        available: requests.available,
        currencies: requests.currencies,
      },
      cep: { lookup: requests.cep },
    },
  };
}

export type CotacepClient = ReturnType<typeof createCotacepClient>;
