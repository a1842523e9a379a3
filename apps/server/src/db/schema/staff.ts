import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';
import { users } from './users.ts';

/** Extra requests a staff member granted an organization for one billing period (issue 26), with the reason. */
export const quotaGrants = pgTable(
  'quota_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    /** The period the grant adds to, as the usage rollups name it. */
    period: text('period').notNull(),
    extraRequests: bigint('extra_requests', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('quota_grants_organization_idx').on(table.organizationId, table.period)],
);

/** "View as customer": a read-only look at a customer's screens, 30 minutes at most, always recorded. */
export const staffImpersonations = pgTable(
  'staff_impersonations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id'),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('staff_impersonations_user_idx').on(table.userId)],
);
