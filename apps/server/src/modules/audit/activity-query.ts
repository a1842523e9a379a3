import type { AuditActorType, AuditEventName } from '@cotacep/shared/audit-events';
import type { ActivityEntry, ActivityPage } from '@cotacep/shared/audit-schemas';
import { and, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit-events.ts';
import { decodeActivityCursor, encodeActivityCursor } from './activity-cursor.ts';
import { describeEntries } from './activity-labels.ts';

/**
 * What a trail shows: the customer's activity views pass their organization or themselves; the staff
 * console (issue 26) passes any combination, staff named (`revealStaff`). Every field narrows the list.
 */
export type ActivityFilter = {
  organizationId?: string;
  /** The person the entries are about (`audit_events.user_id`). */
  userId?: string;
  /** Only these events; an empty list selects nothing. */
  events?: readonly AuditEventName[];
  /** Only entries by these kinds of actor (one or several). */
  actorType?: AuditActorType | readonly AuditActorType[];
  /** Only entries by this actor (a user's, staff member's or API key's id). */
  actorId?: string;
  /** From this instant on (inclusive). */
  from?: Date;
  /** Before this instant (exclusive). */
  to?: Date;
  /** The `nextCursor` of the previous page; a malformed one throws 400 `ActivityCursorInvalid`. */
  cursor?: string;
  /** Entries per page; callers bound it (the routes: 1 to `ACTIVITY_PAGE_SIZE_MAX`). */
  limit: number;
  /**
   * Staff console only. Customers see a staff action as done by `staffLabel`, with no id, IP or user agent:
   * never which member of staff it was.
   */
  revealStaff: boolean;
  /** Who staff actions are shown as to customers (the app's name). */
  staffLabel?: string;
};

function conditionsOf(filter: ActivityFilter): SQL[] | null {
  const conditions: SQL[] = [];
  if (filter.organizationId) conditions.push(eq(auditEvents.organizationId, filter.organizationId));
  if (filter.userId) conditions.push(eq(auditEvents.userId, filter.userId));
  if (filter.events) {
    if (filter.events.length === 0) return null;
    conditions.push(inArray(auditEvents.event, [...filter.events]));
  }
  if (filter.actorType !== undefined) {
    const types: AuditActorType[] =
      typeof filter.actorType === 'string' ? [filter.actorType] : [...filter.actorType];
    if (types.length === 0) return null;
    conditions.push(inArray(auditEvents.actorType, types));
  }
  if (filter.actorId) conditions.push(eq(auditEvents.actorId, filter.actorId));
  if (filter.from) conditions.push(gte(auditEvents.occurredAt, filter.from));
  if (filter.to) conditions.push(lt(auditEvents.occurredAt, filter.to));
  if (filter.cursor) {
    const { occurredAt, id } = decodeActivityCursor(filter.cursor);
    // Strictly after the last entry shown, in (occurred_at desc, id desc) order.
    const after = or(
      lt(auditEvents.occurredAt, occurredAt),
      and(eq(auditEvents.occurredAt, occurredAt), lt(auditEvents.id, id)),
    );
    if (after) conditions.push(after);
  }
  return conditions;
}

/**
 * One page of a trail, newest first, ordered by (occurred_at desc, id desc) and paged by keyset: a page
 * never repeats or skips an entry, however many are written meanwhile. `nextCursor` is null on the last page.
 */
export async function listActivity(db: Db, filter: ActivityFilter): Promise<ActivityPage> {
  const conditions = conditionsOf(filter);
  if (!conditions) return { entries: [], nextCursor: null };
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  const entries = await describeEntries(db, page, {
    revealStaff: filter.revealStaff,
    staffLabel: filter.staffLabel ?? 'Cotacep',
  });
  return {
    entries,
    nextCursor:
      rows.length > filter.limit && last
        ? encodeActivityCursor({ occurredAt: last.occurredAt, id: last.id })
        : null,
  };
}

/** Every entry the filter selects, newest first, up to `max`, read a thousand at a time. */
export async function collectActivity(
  db: Db,
  filter: Omit<ActivityFilter, 'cursor' | 'limit'>,
  max: number,
): Promise<{ entries: ActivityEntry[]; truncated: boolean }> {
  const entries: ActivityEntry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listActivity(db, {
      ...filter,
      cursor,
      limit: Math.min(1000, max + 1 - entries.length),
    });
    entries.push(...page.entries);
    if (!page.nextCursor || entries.length > max) break;
    cursor = page.nextCursor;
  }
  return { entries: entries.slice(0, max), truncated: entries.length > max };
}

/** What every trail's query string shares: one event, a time range, the page. */
export function trailPageFilter(query: {
  event?: AuditEventName | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}): Pick<ActivityFilter, 'events' | 'from' | 'to' | 'cursor' | 'limit'> {
  return {
    ...(query.event ? { events: [query.event] } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    ...(query.cursor ? { cursor: query.cursor } : {}),
    limit: query.limit,
  };
}
