import { doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The latest reading of every stored pair, for readers outside the process (SQL, reports, other roles). */
export const quoteLatest = pgTable(
  'quote_latest',
  {
    source: text('source').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    bid: doublePrecision('bid').notNull(),
    ask: doublePrecision('ask'),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.base, table.quote] })],
);
