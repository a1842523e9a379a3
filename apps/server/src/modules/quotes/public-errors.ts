import type { QuoteErrorCode } from '../../lib/public-errors.ts';

/** Thrown inside the quotes plugin; its error handler sends the catalogue's body (`lib/public-errors.ts`). */
export class QuoteApiError extends Error {
  override name = 'QuoteApiError';

  constructor(
    readonly code: QuoteErrorCode,
    readonly detail = '',
  ) {
    super(code);
  }
}
