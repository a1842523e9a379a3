import { z } from 'zod';
import { currentPasswordField } from './auth-fields.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/**
 * Passkeys (WebAuthn, issue 25) under `<API_URL>/account/passkeys` (behind the Bearer token) and
 * `<API_URL>/auth/passkey/*` (a sign-in). The WebAuthn JSON objects (the options the browser gets, the
 * credential it answers) are `@simplewebauthn`'s `…JSON` types: checked here only for their shape, verified
 * by the server, passed through untouched.
 */
export const PASSKEY_NAME_MAX = 64;

export const passkeyNameField = text()
  .trim()
  .min(1, { message: validationMessage('passkeyNameRequired'), abort: true })
  .max(PASSKEY_NAME_MAX, validationMessage('passkeyNameTooLong'));

export const passkeySchema = z.object({
  id: z.uuid(),
  name: text(),
  createdAt: text(),
  lastUsedAt: text().nullable(),
  /** Synced to the user's cloud account (iCloud Keychain, Google Password Manager): survives a lost device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** The id of a WebAuthn ceremony the server opened: single use, a few minutes long. */
const ceremonyField = z.uuid();

/**
 * `PublicKeyCredentialCreationOptionsJSON` / `PublicKeyCredentialRequestOptionsJSON`, passed through whole
 * (`startRegistration({ optionsJSON })` / `startAuthentication({ optionsJSON })` read them).
 */
const optionsJson = z.looseObject({ challenge: text() });

const base64url = (max: number) => text().min(1).max(max);

/**
 * The browser's `RegistrationResponseJSON` / `AuthenticationResponseJSON`: the fields the server verifies,
 * the rest (extension results the server asks for none of) left out. A `@simplewebauthn/browser` answer
 * fits these types as it is.
 */
const credentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

const registrationResponseJson = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(16_384),
    attestationObject: base64url(65_536),
    /** How the browser reached the authenticator (`internal`, `hybrid`, `usb`…): hints for later prompts. */
    transports: z.array(text().max(32)).max(8).optional(),
  }),
});

const authenticationResponseJson = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(16_384),
    authenticatorData: base64url(16_384),
    signature: base64url(1024),
    /** The user the discoverable credential belongs to (a passwordless sign-in). */
    userHandle: text().max(1024).optional(),
  }),
});

/** POST /account/passkeys/options and POST /auth/passkey/options. */
export const passkeyOptionsSchema = z.object({ ceremony: ceremonyField, options: optionsJson });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** POST /account/passkeys. Without a name the server names the passkey after the browser that made it. */
export const registerPasskeyRequestSchema = z.object({
  ceremony: ceremonyField,
  name: passkeyNameField.optional(),
  response: registrationResponseJson,
});
export type RegisterPasskeyRequest = z.infer<typeof registerPasskeyRequestSchema>;

/** The new passkey, and the recovery codes when it is the user's first strong factor (shown once). */
export const registerPasskeyResponseSchema = z.object({
  passkey: passkeySchema,
  recoveryCodes: z.array(text()).nullable(),
});
export type RegisterPasskeyResponse = z.infer<typeof registerPasskeyResponseSchema>;

export const passkeyIdParamsSchema = z.object({ id: z.uuid() });

/** PATCH /account/passkeys/:id */
export const renamePasskeyRequestSchema = z.object({ name: passkeyNameField });
export type RenamePasskeyRequest = z.infer<typeof renamePasskeyRequestSchema>;

/** DELETE /account/passkeys/:id: the password when it is the last strong factor of an account that has one. */
export const removePasskeyRequestSchema = z.object({ password: currentPasswordField().optional() });
export type RemovePasskeyRequest = z.infer<typeof removePasskeyRequestSchema>;

/**
 * POST /auth/passkey/options: with `session` (an MFA challenge's) the passkey answers that challenge's
 * second step; without, it is a passwordless sign-in with a discoverable credential.
 */
export const passkeySignInOptionsRequestSchema = z.object({ session: text().min(1).max(256).optional() });
export type PasskeySignInOptionsRequest = z.infer<typeof passkeySignInOptionsRequestSchema>;

/** POST /auth/passkey/verify → the token set. */
export const passkeySignInRequestSchema = z.object({
  ceremony: ceremonyField,
  response: authenticationResponseJson,
});
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;
