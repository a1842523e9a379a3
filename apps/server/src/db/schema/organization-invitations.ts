import type { Role } from '@cotacep/shared/roles';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';
import { users } from './users.ts';

/**
 * An invitation by e-mail: the link's secret is stored only as its SHA-256; single use, valid 7 days.
 * Pending while none of `acceptedAt`, `revokedAt` is set and `expiresAt` is ahead.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    /** Trimmed and lower-cased, like `users.email`. */
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organization_invitations_token_key').on(table.tokenHash),
    index('organization_invitations_org_idx').on(table.organizationId),
  ],
);

export type OrganizationInvitationRow = typeof organizationInvitations.$inferSelect;
