import { bigint, date, index, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Requests answered behind the gateway per (account, project, key, UTC day, HTTP status), written by
 * the batched flush. Key and project ids are not foreign keys: a deleted key's usage stays counted
 * against the month's quota and in the charts.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    keyId: uuid('key_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: smallint('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.projectId, table.keyId, table.day, table.status] }),
    index('usage_daily_user_day_idx').on(table.userId, table.day),
  ],
);
