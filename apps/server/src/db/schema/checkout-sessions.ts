import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { planPriceColumns, providerRecordColumns } from './billing-columns.ts';

export type CheckoutStatus = 'open' | 'pending' | 'complete' | 'expired';

/**
 * Checkouts started from the pricing page. One open checkout per account at a time: a second one is
 * refused until the first completes, expires or is abandoned (decision 014).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's id is `cs_…`, a uuid in test mode. */
    ...providerRecordColumns(),
    ...planPriceColumns(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** open: not paid yet; pending: a boleto waits to be paid; complete; expired. */
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    url: text('url').notNull(),
    subscriptionId: text('subscription_id'),
    /** Test mode: attempts that met a processing error (the retry goes through). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('checkout_sessions_organization_idx').on(table.organizationId, table.status)],
);

export type CheckoutSession = typeof checkoutSessions.$inferSelect;
