import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { timestamps } from './timestamps.ts';

/**
 * Who an organization's invoices and notas fiscais name (issue 27): kept by its Owners and Billing members
 * on the Billing tab, required before the first paid checkout in reais. In Brazil a CPF or CNPJ and the
 * address from the CEP (street, district, city and its IBGE code, which the NFS-e needs); elsewhere an
 * optional tax id and the address as the country writes it (street only, the rest empty).
 */
export const billingDetails = pgTable('billing_details', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  country: text('country').notNull(),
  /** Razão social, or the person's full name for a CPF. */
  legalName: text('legal_name').notNull(),
  /** CPF or CNPJ without punctuation in Brazil (the alphanumeric CNPJ upper-cased); elsewhere as written. */
  taxId: text('tax_id').notNull().default(''),
  stateRegistration: text('state_registration').notNull().default(''),
  municipalRegistration: text('municipal_registration').notNull().default(''),
  postalCode: text('postal_code').notNull(),
  street: text('street').notNull(),
  number: text('number').notNull().default(''),
  complement: text('complement').notNull().default(''),
  district: text('district').notNull().default(''),
  city: text('city').notNull(),
  /** UF in Brazil. */
  state: text('state').notNull(),
  /** The municipality's 7-digit IBGE code (from the CEP), which the NFS-e's tomador carries; '' abroad. */
  cityCode: text('city_code').notNull().default(''),
  /** One to three addresses that receive the invoices and notas fiscais. */
  emails: jsonb('emails').$type<string[]>().notNull(),
  ...timestamps(),
});

export type BillingDetailsRow = typeof billingDetails.$inferSelect;
