import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type CepAddressSource = 'import' | 'viacep' | 'brasilapi' | 'opencep';

/**
 * Street-level CEP records: those loaded by the reference import and every upstream answer (the cache).
 * No foreign key to municipalities: an upstream answer is kept even before any reference import.
 */
export const cepAddresses = pgTable('cep_addresses', {
  /** 8 digits, no hyphen. */
  cep: text('cep').primaryKey(),
  /** The logradouro as published ("Praça da Sé"); empty for single-CEP localities. */
  street: text('street').notNull(),
  complement: text('complement').notNull(),
  district: text('district').notNull(),
  city: text('city').notNull(),
  uf: text('uf').notNull(),
  ibge: text('ibge'),
  /** When the source gave one (ViaCEP does); otherwise the municipality's is used. */
  ddd: text('ddd'),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  source: text('source').$type<CepAddressSource>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
