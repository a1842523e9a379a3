import { date, doublePrecision, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per source, pair and day: the day's first, highest, lowest and last rate (units of `quote`
 * per one `base`), the source's ask when it publishes one, and when the last rate was valid. Pairs are
 * stored as the sources publish them (USD-x, EUR-x, USD-BRLPTAX); cross rates are derived, not stored.
 */
export const quoteDaily = pgTable(
  'quote_daily',
  {
    source: text('source').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    open: doublePrecision('open').notNull(),
    /** When the open reading was valid; null on rows stored before it was kept (read as as_of). */
    openAt: timestamp('open_at', { withTimezone: true, mode: 'date' }),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    ask: doublePrecision('ask'),
    asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.base, table.quote, table.day] }),
    index('quote_daily_day_idx').on(table.day),
  ],
);
