import type { InvoiceStatus, PaymentMethod } from '@cotacep/shared/billing-schemas';
import type { BillingCurrency, BillingCycle, PaidPlanId } from '@cotacep/shared/plans';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { providerRecordColumns } from './billing-columns.ts';

export type BilledTo = {
  name: string;
  email: string;
  taxId: string;
  addressLine: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

/** Invoices as the provider reported them; test mode numbers and prints its own. */
export const invoices = pgTable(
  'invoices',
  {
    /** The provider's id is `in_…`. */
    ...providerRecordColumns(),
    subscriptionId: text('subscription_id'),
    number: text('number').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').$type<BillingCurrency>().notNull(),
    planId: text('plan_id').$type<PaidPlanId>().notNull(),
    cycle: text('cycle').$type<BillingCycle>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('card'),
    hostedUrl: text('hosted_url'),
    boletoLine: text('boleto_line'),
    boletoExpiresAt: timestamp('boleto_expires_at', { withTimezone: true }),
    billedTo: jsonb('billed_to').$type<BilledTo>(),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('invoices_organization_created_idx').on(table.organizationId, table.createdAt),
    uniqueIndex('invoices_provider_number_key').on(table.provider, table.number),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
