import { index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { usageCountColumns } from './usage-columns.ts';

/**
 * The last 48 hours of usage per (account, hour, project, key, status), written with the daily and monthly
 * rows, for the dashboard's last 24 h; older hours are deleted by the flush at most once an hour.
 */
export const usageHourly = pgTable(
  'usage_hourly',
  usageCountColumns({
    /** The UTC hour's start. */
    hour: timestamp('hour', { withTimezone: true, mode: 'string' }).notNull(),
  }),
  (table) => [
    primaryKey({ columns: [table.organizationId, table.hour, table.projectId, table.keyId, table.status] }),
    index('usage_hourly_hour_idx').on(table.hour),
  ],
);
