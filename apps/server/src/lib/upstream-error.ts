export type UpstreamErrorKind = 'network' | 'timeout' | 'http' | 'malformed' | 'too-large';

/**
 * An upstream service (a quote source, a CEP provider) failed. The message is short and safe to show
 * on the public status page ("http: 503", "status 502", "malformed JSON body"); it never carries a
 * stack trace or an internal address. The kind tells callers what happened without reading it.
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError';

  constructor(
    readonly kind: UpstreamErrorKind,
    message: string = kind,
  ) {
    super(message);
  }
}
