import type { MfaMethod } from '@cotacep/shared/auth-fields';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SessionMethod } from './auth-sessions.ts';
import { userIdColumn } from './users.ts';

/** The second step of a login: an opaque session (stored hashed) and the code bound to it. */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionHash: text('session_hash').notNull().unique(),
  userId: userIdColumn(),
  /**
   * Where e-mail/SMS codes go (the user's channel, even when the challenge opens on another method): the
   * challenge's methods themselves come from the user's factors (issue 25).
   */
  method: text('method').$type<MfaMethod>().notNull(),
  destination: text('destination').notNull(),
  /** How the first step was passed, carried into the session the challenge opens. */
  loginMethod: text('login_method').$type<SessionMethod>().notNull(),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  /** Wrong codes so far; the challenge ends at the configured maximum. */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
