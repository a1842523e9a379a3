import { z } from 'zod';
import { type Language, SUPPORTED_LANGUAGES } from './languages.ts';
import { isValidTaxId } from './tax-id.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/** Field schemas shared by the identity forms and routes; each carries its spec §5 message. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
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

export const firstNameField = text().trim().min(1, validationMessage('nameRequired')).max(100);
export const lastNameField = text().trim().min(1, validationMessage('lastNameRequired')).max(100);

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
