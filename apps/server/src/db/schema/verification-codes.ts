import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from './users.ts';

/**
 * `reauth`: a session proving its user again before a sensitive change (sent to the second factor or e-mail);
 * `account_closure`: the e-mailed factor of "Close my account" for users without an authenticator app.
 */
export type CodePurpose = 'signup' | 'reset' | 'email_change' | 'phone_verify' | 'reauth' | 'account_closure';

/** The one live code per user and purpose; a new code replaces the old. Only its HMAC is kept. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    /** Where it was sent (the new e-mail or phone for a change), so the code proves that address. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('verification_codes_user_purpose_key').on(table.userId, table.purpose)],
);
