import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';

export type PixChargeStatus = 'pending' | 'paid' | 'expired';

/**
 * A Pix charge for an open invoice (issue 27): its BR Code ("copia e cola"), valid for 30 minutes. Test mode
 * makes the code itself and "the bank" pays it; with Stripe the code is the PaymentIntent's.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    /** The charge's txid in test mode (25 letters and digits, as the BR Code carries it); Stripe's `pi_…`. */
    id: text('id').primaryKey(),
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    organizationId: organizationIdColumn(),
    invoiceId: text('invoice_id').notNull(),
    brCode: text('br_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<PixChargeStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pix_charges_invoice_idx').on(table.invoiceId, table.createdAt),
    // One code waits for an invoice at a time: two requests for a code get the same one.
    uniqueIndex('pix_charges_pending_key').on(table.invoiceId).where(sql`${table.status} = 'pending'`),
  ],
);

export type PixCharge = typeof pixCharges.$inferSelect;
