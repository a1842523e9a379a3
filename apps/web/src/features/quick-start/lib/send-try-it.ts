import { getPublicApiUrl, KEY_HEADER, type PublicApi } from '../../../lib/public-api/public-api.ts';

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

/**
 * One call of a public API from the page, as a customer's site would make it: plain fetch (the portal's
 * client would add the portal's own bearer token), the key in `x-api-key`, none for an anonymous call.
 */
export async function sendTryIt({ api, input, secret, language }: TryItRequest): Promise<TryItAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  if (secret) headers[KEY_HEADER] = secret;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(getPublicApiUrl(api, input, window.location.origin), {
      headers,
      cache: 'no-store',
      credentials: 'omit',
    });
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
