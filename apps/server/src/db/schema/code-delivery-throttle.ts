import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When a code was last sent to a destination for a purpose, and how many in the current hour; and the
 * hourly counts of the delivery limits (per account, client IP, phone prefix, e-mail domain: issue 22).
 */
export const codeDeliveryThrottle = pgTable('code_delivery_throttle', {
  /** sha256 of "<purpose>:<destination>" or "limit:<scope>:<value>", so the table holds no addresses. */
  key: text('key').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  windowCount: integer('window_count').notNull(),
});
