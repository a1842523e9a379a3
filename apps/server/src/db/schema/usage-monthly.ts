import { date, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { usageCountColumns } from './usage-columns.ts';

/**
 * `usage_daily` rolled up per month, written in the same statement batch as the daily rows, so the
 * Months view and the month's quota read one row per (key, status) instead of a month of days.
 */
export const usageMonthly = pgTable(
  'usage_monthly',
  usageCountColumns({
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
  }),
  (table) => [
    primaryKey({ columns: [table.organizationId, table.month, table.projectId, table.keyId, table.status] }),
  ],
);
