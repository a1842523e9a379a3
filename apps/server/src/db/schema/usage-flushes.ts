import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Usage batches moved from Redis into the usage tables (decision 018): a batch's id goes in with its rows,
 * in one transaction, so a batch written again after a crash (its Redis copy outlived the commit) adds
 * nothing. Rows older than two days are deleted: a batch is only ever replayed within seconds.
 */
export const usageFlushes = pgTable(
  'usage_flushes',
  {
    id: text('id').primaryKey(),
    flushedAt: timestamp('flushed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('usage_flushes_flushed_at_idx').on(table.flushedAt)],
);
