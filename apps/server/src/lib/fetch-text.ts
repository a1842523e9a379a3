import { UpstreamError } from './upstream-error.ts';

export type FetchTextOptions = {
  /** Bodies larger than this are refused: no upstream answer legitimately comes close. */
  maxBytes: number;
  accept: string;
  userAgent: string;
  /** The caller's cancellation (a lost race, a policy's deadline): its reason is rethrown as is. */
  signal?: AbortSignal;
  /** This request's own deadline, covering connection, headers and body; it fails as `timeout`. */
  timeoutMs?: number;
  redirect?: 'follow' | 'error';
};

export type FetchedText = { status: number; text: string };

/**
 * One outbound GET of a text body, read with a size cap. Every failure but the caller's own
 * cancellation is an UpstreamError; offline it fails at once (DNS or connect error).
 */
export async function fetchText(url: string, options: FetchTextOptions): Promise<FetchedText> {
  const deadline = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const signals = [options.signal, deadline].filter((signal) => signal !== undefined);
  const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
  const failure = (error: unknown, detail: string): unknown => {
    if (options.signal?.aborted) return options.signal.reason;
    if (error instanceof UpstreamError) return error;
    return deadline?.aborted
      ? new UpstreamError('timeout')
      : new UpstreamError('network', `network: ${detail}`);
  };
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: options.redirect ?? 'follow',
      headers: { accept: options.accept, 'user-agent': options.userAgent },
    });
  } catch (error) {
    throw failure(error, networkCode(error));
  }
  try {
    return { status: response.status, text: await readCapped(response, options.maxBytes) };
  } catch (error) {
    throw failure(error, 'body interrupted');
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new UpstreamError('too-large');
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new UpstreamError('too-large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'unreachable';
}
