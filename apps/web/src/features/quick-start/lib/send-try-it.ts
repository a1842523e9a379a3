import { createCotacepClient } from '@cotacep/client';
import type { PublicApi } from '#web/lib/public-api/public-api.ts';

/** The answer's headers worth reading: limits, freshness, the format and the id to quote to support. */
export const SHOWN_HEADERS = [
  'x-quota-remaining',
  'x-quota-limit',
  'x-ratelimit-remaining',
  'retry-after',
  'x-quote-source',
  'x-quote-as-of',
  'x-cep-source',
  'content-type',
  'x-request-id',
] as const;

export type TryItAnswer =
  | { kind: 'response'; status: number; headers: [string, string][]; body: string; elapsedMs: number }
  | { kind: 'network-error'; message: string; elapsedMs: number };

/** JSON pretty-printed; any other body as it came. */
function formatBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

type TryItRequest = { api: PublicApi; input: string; secret: string | null; language: string };

/** The page's own fetch, made as a customer's site would: no cookie of the portal, no cached answer. */
const pageFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, cache: 'no-store', credentials: 'omit' });

/**
 * One call of a public API from the page through `@cotacep/client`, the typed client customers get (the
 * portal's own client would add the portal's bearer token): the key in `x-api-key`, none for an anonymous
 * call. Its raw answer, so the status, headers and body are shown as the API sent them, refusals included.
 */
export async function sendTryIt({ api, input, secret, language }: TryItRequest): Promise<TryItAnswer> {
  const client = createCotacepClient({
    baseUrl: window.location.origin,
    token: secret ?? undefined,
    language,
    fetch: pageFetch,
  });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await (api === 'quotes' ? client.raw.quotes.last(input) : client.raw.cep.lookup(input));
    const body = formatBody(await response.text());
    const shown = SHOWN_HEADERS.flatMap((name): [string, string][] => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    });
    return { kind: 'response', status: response.status, headers: shown, body, elapsedMs: elapsed() };
  } catch (error) {
    return { kind: 'network-error', message: (error as Error).message, elapsedMs: elapsed() };
  }
}
