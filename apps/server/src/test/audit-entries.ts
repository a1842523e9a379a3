import type { AuditEventName } from '@cotacep/shared/audit-events';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type AuditEventRow, auditEvents } from '../db/schema/audit-events.ts';

/** The audit entries of an organization or of a person, optionally of some events only, oldest first. */
export function auditEntriesOf(
  db: Db,
  filter: { organizationId?: string; userId?: string; events?: readonly AuditEventName[] },
): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        filter.organizationId ? eq(auditEvents.organizationId, filter.organizationId) : undefined,
        filter.userId ? eq(auditEvents.userId, filter.userId) : undefined,
        filter.events ? inArray(auditEvents.event, [...filter.events]) : undefined,
      ),
    )
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.sequence));
}
