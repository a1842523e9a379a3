import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';
import { timestamps } from './timestamps.ts';

/** A customer's grouping of API keys (the Projects screen). */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (table) => [index('projects_organization_idx').on(table.organizationId)],
);

export type ProjectRow = typeof projects.$inferSelect;
