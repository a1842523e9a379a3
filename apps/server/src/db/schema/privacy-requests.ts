import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from './users.ts';

export type DataExportStatus = 'pending' | 'ready' | 'failed';

/**
 * "Download my data" (LGPD art. 18, issue 26): prepared off the request path by a worker that claims pending
 * rows, then linked by e-mail for 24 hours to its user alone.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    status: text('status').$type<DataExportStatus>().notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the worker that claimed it; a claim older than a few minutes is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The JSON file itself, kept until it expires. */
    content: text('content'),
    failure: text('failure'),
  },
  (table) => [
    index('data_exports_user_idx').on(table.userId, table.requestedAt),
    // A second request while one is being prepared gets that one (issue 26).
    uniqueIndex('data_exports_one_pending_key').on(table.userId).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * "Close my account": pending for a configurable time (30 days) during which signing in cancels it; then the
 * person's data is anonymised. The organizations that were only theirs have their keys stopped at once.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    anonymiseAfter: timestamp('anonymise_after', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The organizations whose keys were stopped; started again if the closure is cancelled. */
    stoppedOrganizationIds: jsonb('stopped_organization_ids').$type<string[]>().notNull(),
    reason: text('reason'),
  },
  (table) => [
    uniqueIndex('account_closures_one_open_key')
      .on(table.userId)
      .where(sql`${table.cancelledAt} is null and ${table.completedAt} is null`),
  ],
);
