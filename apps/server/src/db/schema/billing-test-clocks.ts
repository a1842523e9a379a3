import { bigint, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * Test mode's billing clock of one organization (as Stripe's test clocks belong to a customer): how far the
 * account moved its billing time ahead of the real clock. Its renewals, boletos and grace period run on
 * it; no other account's do. An account without a row is on the real clock.
 */
export const billingTestClocks = pgTable('billing_test_clocks', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
