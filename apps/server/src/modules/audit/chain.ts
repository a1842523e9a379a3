import { createHash } from 'node:crypto';
import type { AuditEventRow } from '../../db/schema/audit-events.ts';

/** The `previousHash` of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields an entry's hash covers: all of them but its id and its own hash. */
export type ChainedFields = Omit<AuditEventRow, 'id' | 'hash'>;

/** Keys sorted at every level, so the same entry always gives the same text (jsonb reorders keys). */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

/** SHA-256 (hex) of the previous entry's hash and this entry's fields. */
export function hashEntry(fields: ChainedFields): string {
  const body = canonical({
    chainId: fields.chainId,
    sequence: fields.sequence,
    occurredAt: fields.occurredAt.toISOString(),
    actorType: fields.actorType,
    actorId: fields.actorId,
    organizationId: fields.organizationId,
    userId: fields.userId,
    ip: fields.ip,
    userAgent: fields.userAgent,
    event: fields.event,
    targetType: fields.targetType,
    targetId: fields.targetId,
    details: fields.details,
    reason: fields.reason,
  });
  return createHash('sha256').update(`${fields.previousHash}\n${body}`).digest('hex');
}

/** The chain an entry joins: its organization's, else its person's. */
export function chainIdFor(organizationId: string | null, userId: string | null): string {
  if (organizationId) return organizationId;
  if (userId) return `user:${userId}`;
  return 'system';
}
