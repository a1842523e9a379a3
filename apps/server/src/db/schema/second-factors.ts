import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userIdColumn } from './users.ts';

/**
 * Strong second factors (issue 25): an authenticator app (TOTP), passkeys (WebAuthn) and recovery codes.
 * E-mail and SMS codes stay on `users.mfa_enabled` / `users.mfa_method`; these are the phishing-resistant
 * ones an organization can require.
 */

/**
 * The user's authenticator app, one per user. Its secret is encrypted with a key derived from the app
 * secret. `confirmedAt` is null while the enrolment waits for its first correct code; `lastUsedStep` is the
 * 30-second step of the last accepted code, so a code is accepted once (a replay in its window is refused).
 */
export const totpFactors = pgTable('totp_factors', {
  userId: userIdColumn().primaryKey(),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Wrong codes while enrolling; the enrolment ends at the configured maximum. */
  enrolAttempts: integer('enrol_attempts').notNull().default(0),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A registered passkey (WebAuthn credential). Named by its user; used as a second or a first factor. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** Comma-separated authenticator transports (`internal,hybrid`), for the next authentication's hints. */
    transports: text('transports').notNull().default(''),
    deviceType: text('device_type').notNull().default('singleDevice'),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_key').on(table.credentialId),
    index('passkeys_user_id_idx').on(table.userId),
  ],
);

/**
 * A WebAuthn ceremony in progress: the challenge the server issued, stored until the browser answers and
 * used once. `registration` belongs to a signed-in user; `authentication` is a passwordless sign-in (no user
 * yet); `second_factor` answers an MFA challenge session (`mfaSessionHash`).
 */
export type WebauthnCeremony = 'registration' | 'authentication' | 'second_factor';

export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  ceremony: text('ceremony').$type<WebauthnCeremony>().notNull(),
  challenge: text('challenge').notNull(),
  userId: uuid('user_id'),
  mfaSessionHash: text('mfa_session_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten single-use recovery codes, only their HMAC kept; regenerating deletes the old set. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_key').on(table.userId, table.codeHash)],
);

/**
 * Browsers a user has signed in from, by a long-lived random cookie (only its hash kept): a sign-in from a
 * browser not listed here sends the "new sign-in" security e-mail.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('known_browsers_user_token_key').on(table.userId, table.tokenHash)],
);
