import type { ApiKeyKind } from '@cotacep/shared/allowed-list';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';
import { projects } from './projects.ts';
import { timestamps } from './timestamps.ts';
import { users } from './users.ts';

/**
 * An API key. The secret itself is never stored: only its SHA-256 (hex) and its first characters for
 * display. After a rotation the previous secret's hash stays until its grace period ends.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    /** Who created the key; it keeps working when they leave the organization (null then). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    kind: text('kind').$type<ApiKeyKind>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Normalised origins or `*` (public keys); addresses and CIDR ranges (private keys). */
    allowedOrigins: text('allowed_origins').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    previousSecretHash: text('previous_secret_hash'),
    previousSecretPrefix: text('previous_secret_prefix'),
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('api_keys_secret_hash_key').on(table.secretHash),
    uniqueIndex('api_keys_previous_secret_hash_key').on(table.previousSecretHash),
    index('api_keys_organization_idx').on(table.organizationId),
    index('api_keys_project_idx').on(table.projectId),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
