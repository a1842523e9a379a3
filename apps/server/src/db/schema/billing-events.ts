import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Provider events already applied (Stripe's `evt_…`, test mode's own): stored in the same transaction as
 * their effect, so a redelivered or concurrent duplicate changes nothing.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);
