import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Consecutive failed logins per e-mail. Keyed by a hash of the e-mail, not by user, so unknown
 * addresses lock exactly like known ones and the lockout cannot be used to find accounts.
 */
export const loginLockouts = pgTable('login_lockouts', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
