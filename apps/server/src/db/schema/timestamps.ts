import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was created and last changed; a function, since a column builder belongs to one table. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
