import { date, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { usageCountColumns } from './usage-columns.ts';

/**
 * Requests answered behind the gateway per (account, project, key, UTC day, HTTP status), written by
 * the batched flush. Key and project ids are not foreign keys: a deleted key's usage stays counted
 * against the month's quota and in the charts.
 */
export const usageDaily = pgTable(
  'usage_daily',
  usageCountColumns({ day: date('day', { mode: 'string' }).notNull() }),
  (table) => [
    primaryKey({ columns: [table.organizationId, table.projectId, table.keyId, table.day, table.status] }),
    index('usage_daily_organization_day_idx').on(table.organizationId, table.day),
  ],
);
