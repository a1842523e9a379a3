import { z } from 'zod';
import { type Language, SUPPORTED_LANGUAGES } from './languages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.ts';
import { isValidTaxId } from './tax-id.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/** Field schemas shared by the identity forms and routes; each carries its spec §5 message. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.ts';
export const VERIFICATION_CODE_LENGTH = 6;
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

export const emailField = text('emailInvalid')
  .trim()
  .toLowerCase()
  .min(1, { message: validationMessage('emailRequired'), abort: true })
  .max(254, validationMessage('emailInvalid'))
  .regex(z.regexes.email, validationMessage('emailInvalid'));

/** A new password: the policy's length only; the common-password check needs the server's list. */
export const newPasswordField = (required: 'passwordRequired' | 'newPasswordRequired' = 'passwordRequired') =>
  text()
    .min(1, { message: validationMessage(required), abort: true })
    .min(PASSWORD_MIN_LENGTH, validationMessage('passwordTooShort'))
    .max(PASSWORD_MAX_LENGTH, validationMessage('passwordTooLong'));

/** An existing password is only checked against its hash, never against today's policy. */
export const currentPasswordField = (
  required: 'passwordRequired' | 'currentPasswordRequired' = 'passwordRequired',
) => text().min(1, validationMessage(required)).max(1024);

export const confirmPasswordField = text().min(1, validationMessage('confirmPasswordRequired')).max(1024);

export const codeField = (required: 'codeRequired' | 'mfaCodeRequired' = 'codeRequired') =>
  text()
    .trim()
    .min(1, { message: validationMessage(required), abort: true })
    .min(VERIFICATION_CODE_LENGTH, validationMessage('codeTooShort'))
    .max(64);

/**
 * What a person's name may not hold (issue 22): names are printed in e-mails, so one must not carry a line
 * break, another control character (C0, DEL, C1), an invisible format character (bidi overrides and
 * isolates, zero-width spaces; the joiners some scripts need stay) or a line/paragraph separator…
 */
const NAME_CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]|(?![\u200C\u200D])\p{Cf}/u;
/**
 * …nor read as a link or an address: a scheme (`https://`), an `@`, or a dot (or one of the dots browsers
 * read as one) between a letter or digit and two letters, as in `evil.example` or `www.x`, or between digits
 * (`203.0.113.7`). "J. R.", "Jr." and "Ana Maria" stay valid; "St.Clair" needs its space.
 */
const NAME_LINK = /:\/\/|@|[\p{L}\p{N}][.\u3002\uFF0E\uFF61]\p{L}{2}|\p{N}[.\u3002\uFF0E\uFF61]\p{N}/u;

/** True for a name that can be printed in an e-mail as is: one line, no link, no address. */
export function isPlainName(value: string): boolean {
  return !NAME_CONTROL.test(value) && !NAME_LINK.test(value);
}

const personName = (required: 'nameRequired' | 'lastNameRequired') =>
  text()
    .trim()
    .min(1, { message: validationMessage(required), abort: true })
    .max(100)
    .refine(isPlainName, validationMessage('personNameInvalid'));

export const firstNameField = personName('nameRequired');
export const lastNameField = personName('lastNameRequired');

/** E.164: "+" then country code and number, 8–15 digits, no spaces. */
export const phoneField = text().trim().regex(E164_PATTERN, validationMessage('phoneInvalid'));

export const languageField = z.enum(SUPPORTED_LANGUAGES as [Language, ...Language[]]);

/** CPF or CNPJ (numeric or alphanumeric), with or without punctuation; check digits verified. */
export const taxIdField = text().trim().max(32).refine(isValidTaxId, validationMessage('taxIdInvalid'));

/** The bot-protection token of the configured provider (absent when the provider is off). */
export const captchaTokenField = text().min(1).max(16_384).optional();

export const MFA_METHODS = ['email', 'sms'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];
export const mfaMethodField = z.enum(MFA_METHODS);

/**
 * Every way to pass the second step of a sign-in (issue 25): a passkey, an authenticator app (TOTP), a code
 * by e-mail or SMS, or a recovery code. Passkeys answer through their own routes (`/auth/passkey/*`).
 */
export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'email', 'sms', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
/** The methods `POST /auth/login/challenge` takes a code for. */
export const CODE_CHALLENGE_METHODS = ['totp', 'recovery', 'email', 'sms'] as const;
export type CodeChallengeMethod = (typeof CODE_CHALLENGE_METHODS)[number];
/** The strong factors: the ones an organization can require. */
export const STRONG_FACTOR_METHODS = ['passkey', 'totp'] as const;
