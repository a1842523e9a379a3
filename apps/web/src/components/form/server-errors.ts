import type { ErrorCode } from '@cotacep/shared/errors';
import { isAxiosError } from 'axios';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { normalizeError } from '../../lib/api/normalize-error.ts';

/**
 * The machine code of a server error body (`{ code, message }`), to offer the right next step. Typed with the
 * shared catalogue the server answers from, so comparing with a misspelt code does not compile.
 */
export function getErrorCode(error: unknown): ErrorCode | undefined {
  if (!isAxiosError(error)) return undefined;
  const code = (error.response?.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
}

/** Server error codes that are about one field of a form, e.g. `{ UsernameExists: 'email' }`. */
export type FieldErrorCodes<Values extends FieldValues> = Partial<Record<ErrorCode, Path<Values>>>;

function fieldOf<Values extends FieldValues>(error: unknown, codes: FieldErrorCodes<Values>) {
  const code = getErrorCode(error);
  return code ? codes[code] : undefined;
}

export function isFieldError<Values extends FieldValues>(
  error: unknown,
  codes: FieldErrorCodes<Values>,
): boolean {
  return Boolean(fieldOf(error, codes));
}

/** Puts the server's message under the field it is about; the form's alert then leaves it out. */
export function showOnField<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  codes: FieldErrorCodes<Values>,
): void {
  const field = fieldOf(error, codes);
  if (field)
    setError(field, { type: 'server', message: normalizeError(error).message }, { shouldFocus: true });
}

/** Seconds the server asked to wait (a code sent too recently: `{ code: "TooManyRequests", retryAfter }`). */
export function getRetryAfter(error: unknown): number | undefined {
  if (!isAxiosError(error)) return undefined;
  const retryAfter = (error.response?.data as { retryAfter?: unknown } | undefined)?.retryAfter;
  return typeof retryAfter === 'number' && retryAfter > 0 ? retryAfter : undefined;
}
