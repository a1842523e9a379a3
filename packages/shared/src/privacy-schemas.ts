import { z } from 'zod';
import { codeField, currentPasswordField } from './auth-fields.ts';
import { text } from './text-field.ts';

/**
 * The customer's LGPD rights in Account Settings (issue 26): "Download my data" (`<API_URL>/account/export`)
 * and "Close my account" (`<API_URL>/account/close`), both behind the Bearer token.
 */

/** `expired`: ready once, its 24 hours are over (the file is gone); `failed`: ask again. */
export const DATA_EXPORT_STATES = ['pending', 'ready', 'expired', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATES),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  /** When the download link stops working (set once the file is ready). */
  expiresAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `GET <API_URL>/account/export`: the latest request, or null when there was none. */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

export const dataExportParamsSchema = z.object({ id: z.uuid() });

/** Why the account cannot be closed yet, per organization where the user is the only Owner. */
export const CLOSURE_BLOCK_REASONS = ['other_members', 'paid_subscription'] as const;
export type ClosureBlockReason = (typeof CLOSURE_BLOCK_REASONS)[number];

export const closureBlockerSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  reasons: z.array(z.enum(CLOSURE_BLOCK_REASONS)),
});
export type ClosureBlocker = z.infer<typeof closureBlockerSchema>;

/** The second proof a closure takes: the authenticator app's code when the user has one, else an e-mailed code. */
export const CLOSURE_FACTORS = ['totp', 'email'] as const;
export type ClosureFactor = (typeof CLOSURE_FACTORS)[number];

/** `GET <API_URL>/account/close`: what closing takes, and what stands in its way. */
export const closureOptionsSchema = z.object({
  factor: z.enum(CLOSURE_FACTORS),
  /** False for an account made through a social provider: the factor alone proves it is them. */
  hasPassword: z.boolean(),
  /** Days between the request and the anonymisation, during which signing in cancels it. */
  graceDays: z.number().int(),
  /** Organizations to hand over (or whose subscription to cancel) first; empty when nothing blocks. */
  blockers: z.array(closureBlockerSchema),
});
export type ClosureOptions = z.infer<typeof closureOptionsSchema>;

/** `POST <API_URL>/account/close`: the password (when the account has one) and the current factor's code. */
export const closeAccountRequestSchema = z
  .object({ password: currentPasswordField().optional(), code: codeField('codeRequired') })
  .strict();
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;

export const closeAccountResponseSchema = z.object({
  message: text(),
  /** When the personal data will be anonymised unless the user signs in before. */
  anonymiseAfter: z.string(),
});
export type CloseAccountResponse = z.infer<typeof closeAccountResponseSchema>;

export const cancelClosureResponseSchema = z.object({
  message: text(),
  /** False when there was no pending closure to cancel. */
  cancelled: z.boolean(),
});
export type CancelClosureResponse = z.infer<typeof cancelClosureResponseSchema>;

/** The messages of the closure routes' answers, in each language. */
export const PRIVACY_MESSAGES = {
  closureRequested: {
    en: 'Your account will be closed. Sign in before the date to cancel.',
    'pt-BR': 'Sua conta será encerrada. Entre antes da data para cancelar.',
  },
  closureCancelled: {
    en: 'Your account closure was cancelled.',
    'pt-BR': 'O encerramento da sua conta foi cancelado.',
  },
  noClosurePending: {
    en: 'There is no account closure to cancel.',
    'pt-BR': 'Não há encerramento de conta para cancelar.',
  },
} as const;
