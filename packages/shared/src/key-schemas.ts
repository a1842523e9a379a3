import { z } from 'zod';
import { API_KEY_KINDS, type ApiKeyKind, parseAllowedList } from './allowed-list.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/**
 * API keys (Account Settings → Tokens) under `<API_URL>/keys`, behind the Bearer token. A secret is
 * shown once, when the key is created or rotated; afterwards only its first characters are.
 */
export const KEY_DESCRIPTION_MAX = 100;
export const MAX_GRACE_SECONDS = 7 * 86_400;

/** Secrets start with their kind, so a leaked one is recognisable: `ck_pub_…`, `ck_priv_…`. */
export const SECRET_PREFIXES: Record<ApiKeyKind, string> = { public: 'ck_pub_', private: 'ck_priv_' };

export const keyKindField = z.enum(API_KEY_KINDS, { error: validationMessage('keyKindInvalid') });

const descriptionField = text()
  .trim()
  .min(1, validationMessage('descriptionRequired'))
  .max(KEY_DESCRIPTION_MAX, validationMessage('descriptionTooLong'));

/** The form's comma-separated list; read for the key's kind by the object schemas below. */
const allowedOriginsField = text().max(20_000, validationMessage('allowedListTooLong'));

const keyFields = {
  description: descriptionField,
  /** Absent: the account's default project (created on first use). */
  projectId: z.uuid().optional(),
  enabled: z.boolean(),
  kind: keyKindField,
  allowedOrigins: allowedOriginsField,
};

function readAllowedList(kind: ApiKeyKind, text: string, context: z.RefinementCtx): string[] {
  const result = parseAllowedList(kind, text);
  if (result.ok) return result.entries;
  context.addIssue({ code: 'custom', message: validationMessage(result.message), path: ['allowedOrigins'] });
  return z.NEVER;
}

/** POST /keys. `allowedOrigins` goes in as the form's text and comes out as normalised entries. */
export const createKeyRequestSchema = z
  .object({ ...keyFields, enabled: keyFields.enabled.default(true) })
  .transform((value, context) => ({
    ...value,
    allowedOrigins: readAllowedList(value.kind, value.allowedOrigins, context),
  }));
export type CreateKeyInput = z.input<typeof createKeyRequestSchema>;
export type CreateKeyRequest = z.output<typeof createKeyRequestSchema>;

type KeyChanges = {
  description?: string;
  projectId?: string;
  enabled?: boolean;
  kind?: ApiKeyKind;
  allowedOrigins?: string[];
};

/**
 * PATCH /keys/:id: only the fields sent change. The list travels with the key's kind, so it can be read;
 * the kind itself cannot change (its secret's prefix names it), a different one is refused.
 */
export const updateKeyRequestSchema = z
  .object({
    description: descriptionField.optional(),
    projectId: z.uuid().optional(),
    enabled: z.boolean().optional(),
    kind: keyKindField.optional(),
    allowedOrigins: allowedOriginsField.optional(),
  })
  .transform((value, context): KeyChanges => {
    const { kind, allowedOrigins, ...rest } = value;
    if (kind === undefined && allowedOrigins === undefined) return rest;
    if (kind === undefined || allowedOrigins === undefined) {
      const path = kind === undefined ? 'kind' : 'allowedOrigins';
      const message = kind === undefined ? 'keyKindRequired' : 'allowedOriginsRequired';
      context.addIssue({ code: 'custom', message: validationMessage(message), path: [path] });
      return z.NEVER;
    }
    return { ...rest, kind, allowedOrigins: readAllowedList(kind, allowedOrigins, context) };
  });
export type UpdateKeyInput = z.input<typeof updateKeyRequestSchema>;
export type UpdateKeyRequest = z.output<typeof updateKeyRequestSchema>;

/** POST /keys/:id/rotate: the old secret keeps working for `graceSeconds` (0: it stops at once). */
export const rotateKeyRequestSchema = z.object({
  graceSeconds: z
    .number({ error: validationMessage('graceSecondsInvalid') })
    .int(validationMessage('graceSecondsInvalid'))
    .min(0, validationMessage('graceSecondsInvalid'))
    .max(MAX_GRACE_SECONDS, validationMessage('graceSecondsInvalid'))
    .default(0),
});
export type RotateKeyRequest = z.infer<typeof rotateKeyRequestSchema>;

export const keyIdParamsSchema = z.object({ id: z.uuid() });

export const listKeysQuerySchema = z.object({ projectId: z.uuid().optional() });

export const apiKeySchema = z.object({
  id: text(),
  description: text(),
  projectId: text(),
  projectName: text(),
  kind: z.enum(API_KEY_KINDS),
  enabled: z.boolean(),
  /** Normalised entries: origins or `*` (public), addresses and CIDR ranges (private). */
  allowedOrigins: z.array(text()),
  /** The secret's first characters, for recognising it (`ck_pub_3fQk`). */
  prefix: text(),
  /** Who created it, by name (keys belong to the organization and outlive their creator's membership). */
  createdBy: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
  /** Updated with the batched usage counts, so it may lag a request by a second or two. */
  lastUsedAt: text().nullable(),
  rotatedAt: text().nullable(),
  /** While a rotation's grace period runs: the old secret's prefix and when it stops working. */
  previousPrefix: text().nullable(),
  graceEndsAt: text().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const keyListSchema = z.object({
  items: z.array(apiKeySchema),
  /** The plan's limit on the number of keys. */
  maxKeys: z.number().int(),
});
export type KeyList = z.infer<typeof keyListSchema>;

/** Creation and rotation: the only answers that carry the secret. */
export const keyWithSecretSchema = z.object({ key: apiKeySchema, secret: text() });
export type KeyWithSecret = z.infer<typeof keyWithSecretSchema>;
