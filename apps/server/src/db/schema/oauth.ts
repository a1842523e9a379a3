import type { OAuthProvider } from '@cotacep/shared/auth-schemas';
import { pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn, users } from './users.ts';

/** A social identity linked to a user, found by (provider, provider user id) and never by e-mail alone. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').$type<OAuthProvider>().notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: userIdColumn(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerUserId] }),
    uniqueIndex('oauth_accounts_user_provider_key').on(table.userId, table.provider),
  ],
);

/**
 * One authorization request: state (hashed), PKCE verifier and nonce until the callback; then the
 * one-time code (hashed) with which the SPA exchanges the result for tokens.
 */
export const oauthStates = pgTable('oauth_states', {
  id: uuid('id').primaryKey().defaultRandom(),
  stateHash: text('state_hash').notNull().unique(),
  provider: text('provider').$type<OAuthProvider>().notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectTo: text('redirect_to'),
  /** Set when a signed-in user links a provider instead of signing in. */
  linkUserId: uuid('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  resultUserId: uuid('result_user_id').references(() => users.id, { onDelete: 'cascade' }),
  exchangeCodeHash: text('exchange_code_hash').unique(),
  exchangeExpiresAt: timestamp('exchange_expires_at', { withTimezone: true }),
  exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
