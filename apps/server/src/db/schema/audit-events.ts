import type { AuditActorType, AuditDetails, AuditEventName } from '@cotacep/shared/audit-events';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 26, decision 037). Rows are only ever inserted (`modules/audit/record.ts`), in the
 * transaction of the change they record, and chained: each holds the SHA-256 of the one before in its chain,
 * so `npm run audit:verify` finds a row altered or removed. A chain is an organization's id, or
 * `user:<id>` for a person's events outside any organization. No foreign keys: entries outlive what they name.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: text('chain_id').notNull(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    actorType: text('actor_type').$type<AuditActorType>().notNull(),
    /** A user's id (for staff too) or an API key's id; null for the system. */
    actorId: text('actor_id'),
    organizationId: uuid('organization_id'),
    /** The person the event is about (their own sign-in, the member removed…): their "Recent activity". */
    userId: uuid('user_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    event: text('event').$type<AuditEventName>().notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<AuditDetails>().notNull(),
    /** Why, for every staff action. */
    reason: text('reason'),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('audit_events_chain_sequence_key').on(table.chainId, table.sequence),
    index('audit_events_organization_idx').on(table.organizationId, table.occurredAt),
    index('audit_events_user_idx').on(table.userId, table.occurredAt),
    index('audit_events_actor_idx').on(table.actorType, table.actorId, table.occurredAt),
    index('audit_events_occurred_idx').on(table.occurredAt),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * The end of each chain, locked (`FOR UPDATE`) by every writer so two changes never take the same place.
 * `firstSequence`/`firstPreviousHash` move forward only when retention removes the oldest entries.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chainId: text('chain_id').primaryKey(),
  lastSequence: bigint('last_sequence', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
  firstSequence: bigint('first_sequence', { mode: 'number' }).notNull(),
  firstPreviousHash: text('first_previous_hash').notNull(),
});
