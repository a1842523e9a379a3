import {
  type AuditEventName,
  ORGANIZATION_AUDIT_EVENTS,
  PERSONAL_AUDIT_EVENTS,
  STAFF_AUDIT_EVENTS,
} from '@cotacep/shared/audit-events';

/** The part of an event's name before the dot: what the filter's groups are named after. */
export type EventGroup =
  | 'auth'
  | 'account'
  | 'key'
  | 'project'
  | 'organization'
  | 'member'
  | 'invitation'
  | 'billing'
  | 'staff';

const groupOf = (event: AuditEventName) => event.slice(0, event.indexOf('.')) as EventGroup;

/** The events a view can show, grouped in the order they first appear. */
function grouped(events: readonly AuditEventName[]): { group: EventGroup; events: AuditEventName[] }[] {
  const groups = new Map<EventGroup, AuditEventName[]>();
  for (const event of events) {
    const group = groupOf(event);
    groups.set(group, [...(groups.get(group) ?? []), event]);
  }
  return [...groups].map(([group, items]) => ({ group, events: items }));
}

/** A person's own sign-ins, factors and account, and what Cotacep's staff did to it. */
export const PERSONAL_EVENT_GROUPS = grouped([...PERSONAL_AUDIT_EVENTS, ...STAFF_AUDIT_EVENTS]);

/** An organization's tokens, projects, members, billing, and what Cotacep's staff did to it. */
export const ORGANIZATION_EVENT_GROUPS = grouped([...ORGANIZATION_AUDIT_EVENTS, ...STAFF_AUDIT_EVENTS]);
