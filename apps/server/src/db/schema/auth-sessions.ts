import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from './users.ts';

export type SessionMethod = 'password' | 'github' | 'google' | 'passkey';

/** One signed-in device: a refresh-token family with a fixed absolute lifetime. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    method: text('method').$type<SessionMethod>().notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * When this session last proved its user: the login itself, then each re-authentication (password or
     * code). Sensitive changes need it recent (decision 026); null (sessions from before the column) never is.
     * Kept here and not in the JWT, so a stolen access token alone cannot claim it.
     */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, revoked, password_changed, password_reset, refresh_reuse, email_changed, email_change_undone */
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Every refresh token a session was given (hash only). A rotated token presented again revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);
