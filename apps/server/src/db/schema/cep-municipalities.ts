import { boolean, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every municipality of the reference import: the city-level answer for a CEP (DDD, coordinates). */
export const cepMunicipalities = pgTable('cep_municipalities', {
  /** 7-digit IBGE code. */
  ibge: text('ibge').primaryKey(),
  name: text('name').notNull(),
  uf: text('uf').notNull(),
  ddd: text('ddd').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  timezone: text('timezone').notNull(),
  isCapital: boolean('is_capital').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
