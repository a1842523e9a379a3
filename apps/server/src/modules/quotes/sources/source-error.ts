export type SourceErrorKind = 'network' | 'timeout' | 'http' | 'malformed' | 'too-large';

/**
 * A source failed. The message is short and safe to show on the public status page
 * ("http 503", "malformed: …"); it never carries stack traces or internal addresses.
 */
export class SourceError extends Error {
  override name = 'SourceError';

  constructor(
    readonly kind: SourceErrorKind,
    detail = '',
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
  }
}

export function malformed(detail: string): SourceError {
  return new SourceError('malformed', detail);
}
