import { ERRORS, type ErrorCode } from '@cotacep/shared/errors';

/** The one error class: a machine code from the shared catalogue, optional extra body fields. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly extra: Record<string, unknown> = {},
    /** Headers to send with the error (Retry-After, …). */
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.statusCode = ERRORS[code].status;
  }
}
