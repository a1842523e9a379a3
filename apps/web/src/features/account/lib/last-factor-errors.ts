import type { FieldErrorCodes } from '#web/components/form/server-errors.ts';

/**
 * Removing the last authenticator app or passkey of an account with a password: the server's refusals that are
 * about that password, shown under its field.
 */
export const LAST_FACTOR_PASSWORD_ERRORS = {
  ReauthenticationFailed: 'password',
  LastFactorNeedsPassword: 'password',
} as const satisfies FieldErrorCodes<{ password?: string }>;
