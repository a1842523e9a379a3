import { z } from 'zod';
import { baseUrl, commaList, httpUrl, milliseconds, mountPath } from '../../lib/env-fields.ts';

/** URL templates for the currency API's CDN form: `{date}` is `latest` or YYYY-MM-DD, `{version}` YYYY.M.D. */
const urlTemplates = commaList.pipe(
  z
    .array(
      z
        .string()
        .refine(
          (item) => httpUrl.safeParse(item.replaceAll(/\{(date|version)\}/g, 'latest')).success,
          'must be http(s) URLs',
        ),
    )
    .min(1),
);

/** The quotes API's environment variables, spread into the server's one schema in config.ts. */
export const quotesEnv = {
  QUOTES_BASE_PATH: mountPath('/quotes'),
  /** Live ingest; unset means on, except under NODE_ENV=test. */
  QUOTES_INGEST: z.enum(['on', 'off']).optional(),
  /** The shipped history and npm dataset as the starting data (off: only what the database holds). */
  QUOTES_BUNDLED_DATA: z.enum(['on', 'off']).default('on'),
  QUOTES_CURRENCY_API_URLS: urlTemplates.default([
    'https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@{version}/v1/currencies/usd.min.json',
    'https://{date}.currency-api.pages.dev/v1/currencies/usd.min.json',
  ]),
  QUOTES_PTAX_URL: baseUrl('https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata'),
  QUOTES_ECB_URL: baseUrl('https://www.ecb.europa.eu/stats/eurofxref'),
  QUOTES_CURRENCY_API_INTERVAL_MS: milliseconds(1_000, 86_400_000, 3_600_000),
  QUOTES_PTAX_INTERVAL_MS: milliseconds(1_000, 86_400_000, 900_000),
  QUOTES_ECB_INTERVAL_MS: milliseconds(1_000, 86_400_000, 3_600_000),
  QUOTES_FETCH_TIMEOUT_MS: milliseconds(50, 120_000, 5_000),
  QUOTES_BACKFILL_DAYS: z.coerce.number().int().min(0).max(60).default(14),
  QUOTES_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(3),
  QUOTES_BREAKER_COOLDOWN_MS: milliseconds(100, 86_400_000, 900_000),
  /** Spread around the reference rate for sources that publish no ask, in basis points (0 = bid = ask). */
  QUOTES_SPREAD_BPS: z.coerce.number().min(0).max(1_000).default(0),
  /** Currencies whose "turismo" rate against the real (`USD-BRLT`) is served, derived from the commercial one. */
  QUOTES_TOURISM_BASES: z
    .string()
    .default('USD,EUR')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{3}$/, 'must be ISO currency codes such as USD,EUR'))),
  /** How far the tourism ask sits above the commercial ask, in basis points (400 = 4 %); the bid is the commercial one. */
  QUOTES_TOURISM_SPREAD_BPS: z.coerce.number().min(0).max(2_000).default(400),
};
