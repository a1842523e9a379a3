import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The embedded test issuer's numbering (decision 038): one sequence per provider CNPJ, taken with one
 * atomic upsert, so two instances never hand out the same number and a number is never reused.
 */
export const nfseTestNumbers = pgTable('nfse_test_numbers', {
  providerCnpj: text('provider_cnpj').primaryKey(),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
});
