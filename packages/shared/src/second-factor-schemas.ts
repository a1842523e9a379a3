import { z } from 'zod';
import { codeField, currentPasswordField, MFA_METHODS } from './auth-fields.ts';
import { passkeySchema } from './passkey-schemas.ts';
import { text } from './text-field.ts';

/**
 * The second factors of an account (issue 25) under `<API_URL>/account/mfa`: the e-mail or SMS code (a weak
 * factor), an authenticator app (TOTP) and passkeys (the strong ones), and the recovery codes that stand in
 * for a lost strong factor.
 */

/** A recovery code as shown: `xxxxx-xxxxx` from an alphabet without look-alikes (no 0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const RECOVERY_CODE_COUNT = 10;

/** What a person types for a recovery code, as stored: lower case, without spaces or dashes. */
export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, '');
}

export const secondFactorsSchema = z.object({
  message: z.object({ enabled: z.boolean(), method: z.enum(MFA_METHODS) }),
  totp: z.object({
    enabled: z.boolean(),
    createdAt: text().nullable(),
    lastUsedAt: text().nullable(),
  }),
  passkeys: z.array(passkeySchema),
  recoveryCodes: z.object({
    /** Unused codes; 0 without a strong factor (the codes only work while one exists). */
    remaining: z.number().int(),
    generatedAt: text().nullable(),
    lastUsedAt: text().nullable(),
  }),
  /** An authenticator app or a passkey: what an organization can require. */
  hasStrongFactor: z.boolean(),
  /** Organizations the user belongs to that require two-factor. */
  requiredBy: z.array(z.object({ id: text(), name: text() })),
});
export type SecondFactors = z.infer<typeof secondFactorsSchema>;

/** POST /account/mfa/totp: the key for the authenticator app, as a QR code's URI and as text (base32). */
export const totpEnrolmentSchema = z.object({ otpauthUrl: text(), secret: text() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** POST /account/mfa/totp/verify: the app's current code. */
export const totpCodeRequestSchema = z.object({ code: codeField('codeRequired') });
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

/** The factors now, and the recovery codes when this was the first strong factor (shown once). */
export const totpVerifyResponseSchema = z.object({
  factors: secondFactorsSchema,
  recoveryCodes: z.array(text()).nullable(),
});
export type TotpVerifyResponse = z.infer<typeof totpVerifyResponseSchema>;

/**
 * DELETE /account/mfa/totp: a current code from the app, and the password when it is the last strong factor
 * of an account that has one.
 */
export const totpDeleteRequestSchema = z.object({
  password: currentPasswordField().optional(),
  code: codeField('codeRequired'),
});
export type TotpDeleteRequest = z.infer<typeof totpDeleteRequestSchema>;

/** POST /account/mfa/recovery-codes: a new set; the old codes stop working. */
export const recoveryCodesSchema = z.object({ codes: z.array(text()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
