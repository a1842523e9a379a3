import { SourceError } from './source-error.ts';

export type FetchTextOptions = {
  timeoutMs: number;
  /** Bodies larger than this are refused: no upstream answer legitimately comes close. */
  maxBytes?: number;
  accept?: string;
};

export type FetchedText = { status: number; text: string };

const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;

/**
 * GET a text body with a hard deadline covering connection, headers and body. Offline this fails at
 * once (DNS or connect error) and never throws anything but a SourceError.
 */
export async function fetchText(url: string, options: FetchTextOptions): Promise<FetchedText> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept: options.accept ?? '*/*', 'user-agent': 'cotacep-quotes-ingester' },
    });
  } catch (error) {
    throw signal.aborted ? new SourceError('timeout') : new SourceError('network', networkCode(error));
  }
  try {
    const text = await readLimited(response, options.maxBytes ?? DEFAULT_MAX_BYTES);
    return { status: response.status, text };
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw signal.aborted ? new SourceError('timeout') : new SourceError('network', 'body interrupted');
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new SourceError('too-large');
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new SourceError('too-large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'unreachable';
}

/** A non-2xx answer, named by its status only. */
export function httpError(status: number): SourceError {
  return new SourceError('http', String(status));
}
