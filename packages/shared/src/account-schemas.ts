import { z } from 'zod';
import {
  codeField,
  confirmPasswordField,
  currentPasswordField,
  emailField,
  firstNameField,
  languageField,
  lastNameField,
  MFA_METHODS,
  mfaMethodField,
  newPasswordField,
  phoneField,
  taxIdField,
} from './auth-fields.ts';
import { OAUTH_PROVIDERS } from './auth-schemas.ts';
import { BILLING_CURRENCIES } from './plans.ts';
import { STAFF_ROLES } from './staff-roles.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/** Account settings (Profile and Security tabs) under `<API_URL>/account`, all behind the Bearer token. */
export const accountSchema = z.object({
  id: text(),
  email: text(),
  /** A new address waiting for its code ("Please verify your email"). */
  pendingEmail: text().nullable(),
  firstName: text(),
  lastName: text(),
  /** The verified phone number (E.164), used for SMS MFA. */
  phone: text().nullable(),
  /** A number waiting for its SMS code ("Please verify your phone number"). */
  pendingPhone: text().nullable(),
  /** Normalised CPF (11 digits) or CNPJ (14 characters). */
  taxId: text().nullable(),
  taxIdKind: z.enum(['cpf', 'cnpj']).nullable(),
  locale: text(),
  /** The customer's currency (decision 027): every price shown and charged, whatever the language. */
  currency: text(),
  /** Fixed by the first purchase; until then the profile (or the pricing page) may change it. */
  isCurrencyFixed: z.boolean(),
  timezone: text(),
  language: languageField,
  plan: text(),
  mfa: z.object({ enabled: z.boolean(), method: z.enum(MFA_METHODS) }),
  /** False for accounts created through a social provider until a password is set by reset. */
  hasPassword: z.boolean(),
  linkedProviders: z.array(z.enum(OAUTH_PROVIDERS)),
  /**
   * An organization of the user's requires two-factor and the user has no authenticator app or passkey
   * (issue 25): the web sends them to enrol before anything else.
   */
  twoFactorEnrolmentRequired: z.boolean(),
  /** Cotacep's own people (issue 26): `staff` may act in the console, `support` only look; null for customers. */
  staffRole: z.enum(STAFF_ROLES).nullable(),
  createdAt: text(),
});
export type Account = z.infer<typeof accountSchema>;

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const isLocale = (value: string) => {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
};

/** PATCH: only the fields sent change; `taxId: null` clears the document. */
export const updateAccountRequestSchema = z.object({
  firstName: firstNameField.optional(),
  lastName: lastNameField.optional(),
  taxId: taxIdField.nullable().optional(),
  locale: text().max(35).refine(isLocale, validationMessage('localeInvalid')).optional(),
  /** Only the currencies prices are sold in; refused once a purchase fixed it (`CurrencyFixed`). */
  currency: z.enum(BILLING_CURRENCIES, { error: validationMessage('currencyInvalid') }).optional(),
  timezone: text().max(64).refine(isTimeZone, validationMessage('timezoneInvalid')).optional(),
  language: languageField.optional(),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

export const changeEmailRequestSchema = z.object({ email: emailField });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

export const changePhoneRequestSchema = z.object({ phone: phoneField });
export type ChangePhoneRequest = z.infer<typeof changePhoneRequestSchema>;

export const verifyCodeRequestSchema = z.object({ code: codeField('codeRequired') });
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: currentPasswordField('currentPasswordRequired'),
    newPassword: newPasswordField('newPasswordRequired'),
    confirmPassword: confirmPasswordField,
  })
  .refine((body) => body.confirmPassword === body.newPassword, {
    message: validationMessage('passwordsMustMatch'),
    path: ['confirmPassword'],
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: validationMessage('passwordMustDiffer'),
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Choosing SMS needs a verified phone ("User does not have delivery config set to turn on SMS_MFA"). */
export const mfaSettingsRequestSchema = z.object({ enabled: z.boolean(), method: mfaMethodField });
export type MfaSettingsRequest = z.infer<typeof mfaSettingsRequestSchema>;

/**
 * `POST <API_URL>/account/reauthenticate`: the session proves its user again with the password or, when a
 * second factor is on or there is no password, a code from `/account/reauthenticate/code`, or the
 * authenticator app's code.
 */
export const reauthPasswordRequestSchema = z.object({ password: currentPasswordField() }).strict();
export type ReauthPasswordRequest = z.infer<typeof reauthPasswordRequestSchema>;
export const reauthCodeRequestSchema = z.object({ code: codeField('codeRequired') }).strict();
export type ReauthCodeRequest = z.infer<typeof reauthCodeRequestSchema>;
/** The authenticator app's current code (issue 25), for users who have one. */
export const reauthTotpRequestSchema = z.object({ totp: codeField('codeRequired') }).strict();
export type ReauthTotpRequest = z.infer<typeof reauthTotpRequestSchema>;
export const reauthenticateRequestSchema = z.union([
  reauthPasswordRequestSchema,
  reauthCodeRequestSchema,
  reauthTotpRequestSchema,
]);
export type ReauthenticateRequest = z.infer<typeof reauthenticateRequestSchema>;

/** How a session may prove its user again (also in the body of a `ReauthenticationRequired` refusal). */
export const REAUTH_METHODS = ['password', 'code', 'totp'] as const;
export type ReauthMethod = (typeof REAUTH_METHODS)[number];

export const reauthenticatedResponseSchema = z.object({
  message: text(),
  /** Seconds during which this session may now make sensitive changes. */
  expiresIn: z.number().int(),
});
export type ReauthenticatedResponse = z.infer<typeof reauthenticatedResponseSchema>;

/** `POST <API_URL>/auth/email-change/undo`: the token from the notice sent to the replaced address. */
export const emailChangeUndoRequestSchema = z.object({ token: text().min(16).max(256) });
export type EmailChangeUndoRequest = z.infer<typeof emailChangeUndoRequestSchema>;
export const emailChangeUndoResponseSchema = z.object({
  message: text(),
  /** The address restored: where the password reset code goes. */
  email: text(),
});
export type EmailChangeUndoResponse = z.infer<typeof emailChangeUndoResponseSchema>;

export const accountSessionSchema = z.object({
  id: text(),
  createdAt: text(),
  lastUsedAt: text(),
  expiresAt: text(),
  userAgent: text().nullable(),
  ip: text().nullable(),
  /** How the session began: a password login, a passkey alone, or a social provider. */
  method: z.enum(['password', 'passkey', ...OAUTH_PROVIDERS]),
  /** The session of the token making this request. */
  current: z.boolean(),
});
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

/** `POST <API_URL>/account/oauth/:provider/link` answers where to send the browser. */
export const oauthLinkResponseSchema = z.object({ url: text() });
