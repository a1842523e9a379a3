import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * Limits agreed by contract for one organization, above its plan's (decision 007). Set by an operator;
 * a null column keeps the plan's figure.
 */
export const accountLimits = pgTable('account_limits', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  monthlyQuota: bigint('monthly_quota', { mode: 'number' }),
  ratePerMinute: integer('rate_per_minute'),
  maxKeys: integer('max_keys'),
  maxProjects: integer('max_projects'),
  note: text('note').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
