import { UpstreamError } from './provider.ts';

/** Upstream CEP answers are a few hundred bytes; anything far larger is not an answer. */
const MAX_BODY_BYTES = 64 * 1024;

export type UpstreamResponse = { status: number; text: string };

/** One GET with the caller's abort signal (timeout, race lost); the body is read with a size cap. */
export async function fetchText(url: string, signal: AbortSignal): Promise<UpstreamResponse> {
  try {
    const response = await fetch(url, {
      signal,
      headers: { accept: 'application/json', 'user-agent': 'cotacep-cep/1.0' },
      redirect: 'error',
    });
    return { status: response.status, text: await readCapped(response) };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError(`request failed: ${(error as Error).message}`);
  }
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new UpstreamError(`body larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError('malformed JSON body');
  }
}
