import { UpstreamError, type UpstreamErrorKind } from '#server/lib/upstream-error.ts';

/** How every quote source asks: no upstream answer legitimately comes close to this size. */
export const SOURCE_REQUEST = { maxBytes: 4 * 1024 * 1024, userAgent: 'cotacep-quotes-ingester' } as const;

/** A source failed; the status page shows `kind: detail` ("http: 503", "malformed: …"). */
export function sourceError(kind: UpstreamErrorKind, detail = ''): UpstreamError {
  return new UpstreamError(kind, detail ? `${kind}: ${detail}` : kind);
}

export function malformed(detail: string): UpstreamError {
  return sourceError('malformed', detail);
}

/** A non-2xx answer, named by its status only. */
export function httpError(status: number): UpstreamError {
  return sourceError('http', String(status));
}
