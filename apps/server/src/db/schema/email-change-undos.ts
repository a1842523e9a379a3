import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from './users.ts';

/**
 * The way back from an e-mail change, mailed to the address that was replaced: a one-time token (kept as
 * SHA-256 only) that for a few days restores that address, ends every session and asks for a new password.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    /** The address the change replaced, restored by the undo. */
    previousEmail: text('previous_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the undo, or when another undo of the same account made this one pointless. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_change_undos_user_idx').on(table.userId)],
);
