import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';
import { userIdColumn } from './users.ts';

/** A customer's grouping of API keys (the Projects screen). */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (table) => [index('projects_user_idx').on(table.userId)],
);

export type ProjectRow = typeof projects.$inferSelect;
