import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { timestamps } from './timestamps.ts';

/**
 * An organization as the payments provider knows it: its customer there (created once, at the first checkout)
 * and the billing details printed on invoices (name, CPF or CNPJ, address), asked for at checkout.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    customerId: text('customer_id').notNull(),
    name: text('name'),
    taxId: text('tax_id'),
    addressLine: text('address_line'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('billing_accounts_customer_key').on(table.provider, table.customerId)],
);

export type BillingAccount = typeof billingAccounts.$inferSelect;
