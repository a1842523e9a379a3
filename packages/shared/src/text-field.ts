import { z } from 'zod';
import { type ValidationMessageKey, validationMessage } from './validation-messages.ts';

/** U+0000: no PostgreSQL text column can hold it, so no request field may carry it. */
export function hasNulCharacter(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * The string of every request field (`z.string()` everywhere in the request schemas): a NUL character is
 * refused first, before any other check runs, with the field's own message for bad characters when it
 * has one (`text('contactNameInvalid')`), "remove the control characters" otherwise.
 */
export function text(message: ValidationMessageKey = 'controlCharacters') {
  return z.string().refine((value) => !hasNulCharacter(value), {
    message: validationMessage(message),
    abort: true,
  });
}
