import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * CEP ranges per municipality, inclusive at both ends and never overlapping. CEPs are kept as integers
 * so that ordering never depends on a collation; the lookup is "the last range starting at or before".
 * `ibge` names a row of cep_municipalities; the import checks it (a foreign key would be generated
 * schema-qualified, which breaks databases that live outside the public schema).
 */
export const cepRanges = pgTable(
  'cep_ranges',
  {
    cepStart: integer('cep_start').primaryKey(),
    cepEnd: integer('cep_end').notNull(),
    ibge: text('ibge').notNull(),
  },
  (table) => [check('cep_ranges_order', sql`${table.cepStart} <= ${table.cepEnd}`)],
);
