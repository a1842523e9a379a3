import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { timestamps } from './timestamps.ts';

/**
 * An organization as the payments provider knows it: its customer there (created once, at the first
 * checkout). The billing details printed on invoices and notas are the organization's `billing_details`.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    customerId: text('customer_id').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('billing_accounts_customer_key').on(table.provider, table.customerId)],
);

export type BillingAccount = typeof billingAccounts.$inferSelect;
