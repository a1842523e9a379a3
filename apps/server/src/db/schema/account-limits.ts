import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Limits agreed by contract for one account, above its plan's (decision 007). Set by an operator;
 * a null column keeps the plan's figure.
 */
export const accountLimits = pgTable('account_limits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  monthlyQuota: bigint('monthly_quota', { mode: 'number' }),
  ratePerMinute: integer('rate_per_minute'),
  maxKeys: integer('max_keys'),
  maxProjects: integer('max_projects'),
  note: text('note').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
