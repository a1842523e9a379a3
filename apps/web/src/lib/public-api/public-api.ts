/**
 * The public APIs as a customer calls them (apps/server/src/modules/gateway): a key travels in the
 * `x-api-key` header or the `token` query parameter; the header wins when both are sent.
 */
export const KEY_HEADER = 'x-api-key';
export const KEY_PARAMETER = 'token';

export const PUBLIC_APIS = ['quotes', 'cep'] as const;
export type PublicApi = (typeof PUBLIC_APIS)[number];

/** What the examples ask for: a CEP and a currency pair. */
export const SAMPLE_INPUT: Record<PublicApi, string> = { quotes: 'USD-BRL', cep: '01001000' };

/** `/quotes/json/last/USD-BRL` or `/cep/json/01001000`, on `origin`. */
export function getPublicApiUrl(api: PublicApi, input: string, origin: string): string {
  const path = api === 'quotes' ? `/quotes/json/last/${input}` : `/cep/json/${input}`;
  return `${origin}${path}`;
}
