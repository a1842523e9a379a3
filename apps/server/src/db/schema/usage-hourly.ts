import { bigint, index, pgTable, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The last 48 hours of usage per (account, hour, project, key, status), written with the daily and monthly
 * rows, for the dashboard's last 24 h; older hours are deleted by the flush at most once an hour.
 */
export const usageHourly = pgTable(
  'usage_hourly',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    keyId: uuid('key_id').notNull(),
    /** The UTC hour's start. */
    hour: timestamp('hour', { withTimezone: true, mode: 'string' }).notNull(),
    status: smallint('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.hour, table.projectId, table.keyId, table.status] }),
    index('usage_hourly_hour_idx').on(table.hour),
  ],
);
