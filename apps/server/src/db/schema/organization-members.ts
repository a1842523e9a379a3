import type { Role } from '@cotacep/shared/roles';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';
import { userIdColumn } from './users.ts';

/** A person's place in an organization: one role each (`packages/shared/src/roles.ts`). */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: organizationIdColumn(),
    userId: userIdColumn(),
    role: text('role').$type<Role>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_members_user_idx').on(table.userId),
  ],
);

export type OrganizationMemberRow = typeof organizationMembers.$inferSelect;
