import { bigint, date, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * `usage_daily` rolled up per month, written in the same statement batch as the daily rows, so the
 * Months view and the month's quota read one row per (key, status) instead of a month of days.
 */
export const usageMonthly = pgTable(
  'usage_monthly',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    keyId: uuid('key_id').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    status: smallint('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.month, table.projectId, table.keyId, table.status] }),
  ],
);
