import type { ActivityEntry } from '@cotacep/shared/audit-schemas';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import type { AuditEventRow } from '../../db/schema/audit-events.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';

const uuid = z.uuid();
const uuidsOf = (ids: (string | null)[]) => [
  ...new Set(ids.filter((id): id is string => id !== null && uuid.safeParse(id).success)),
];

/** "First Last <email>"; an anonymised person has no name or address left to show. */
function personLabel(person: {
  firstName: string;
  lastName: string;
  email: string;
  anonymisedAt: Date | null;
}) {
  if (person.anonymisedAt) return null;
  const name = `${person.firstName} ${person.lastName}`.trim();
  return name ? `${name} <${person.email}>` : person.email;
}

/** The names an entry's ids stand for, read in one query per table for a whole page. */
async function readNames(db: Db, rows: AuditEventRow[]) {
  const personIds = uuidsOf([
    ...rows.filter((row) => row.actorType === 'user' || row.actorType === 'staff').map((row) => row.actorId),
    ...rows.filter((row) => row.targetType === 'user').map((row) => row.targetId),
  ]);
  const keyIds = uuidsOf([
    ...rows.filter((row) => row.actorType === 'api_key').map((row) => row.actorId),
    ...rows.filter((row) => row.targetType === 'key').map((row) => row.targetId),
  ]);
  const projectIds = uuidsOf(rows.filter((row) => row.targetType === 'project').map((row) => row.targetId));
  const organizationIds = uuidsOf(
    rows.filter((row) => row.targetType === 'organization').map((row) => row.targetId),
  );
  const [people, keys, projectRows, organizationRows] = await Promise.all([
    personIds.length
      ? db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            anonymisedAt: users.anonymisedAt,
          })
          .from(users)
          .where(inArray(users.id, personIds))
      : [],
    keyIds.length
      ? db
          .select({ id: apiKeys.id, name: apiKeys.description, prefix: apiKeys.secretPrefix })
          .from(apiKeys)
          .where(inArray(apiKeys.id, keyIds))
      : [],
    projectIds.length
      ? db
          .select({ id: projects.id, name: projects.name })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : [],
    organizationIds.length
      ? db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, organizationIds))
      : [],
  ]);
  return {
    people: new Map(people.map((person) => [person.id, personLabel(person)])),
    keys: new Map(keys.map((key) => [key.id, key])),
    projects: new Map(projectRows.map((project) => [project.id, project.name])),
    organizations: new Map(organizationRows.map((organization) => [organization.id, organization.name])),
  };
}

type Names = Awaited<ReturnType<typeof readNames>>;

const detail = (row: AuditEventRow, key: string) => {
  const value = row.details[key];
  return typeof value === 'string' ? value : null;
};

function actorOf(row: AuditEventRow, names: Names, options: LabelOptions): ActivityEntry['actor'] {
  const id = row.actorId;
  switch (row.actorType) {
    case 'staff':
      return options.revealStaff
        ? { type: 'staff', id, label: (id && names.people.get(id)) ?? null }
        : { type: 'staff', id: null, label: options.staffLabel };
    case 'user':
      return { type: 'user', id, label: (id && names.people.get(id)) ?? null };
    case 'api_key': {
      const key = id ? names.keys.get(id) : undefined;
      return { type: 'api_key', id, label: key ? `${key.name} (${key.prefix})` : null };
    }
    case 'system':
      return { type: 'system', id: null, label: null };
  }
}

/** What the target is called today, else what the entry remembers of it (a deleted key's name). */
function targetLabel(row: AuditEventRow, names: Names): string | null {
  const id = row.targetId ?? '';
  switch (row.targetType) {
    case 'key':
      return names.keys.get(id)?.name ?? detail(row, 'name');
    case 'project':
      return names.projects.get(id) ?? detail(row, 'name');
    case 'organization':
      return names.organizations.get(id) ?? detail(row, 'name');
    case 'user':
      return names.people.get(id) ?? null;
    case 'invitation':
      return detail(row, 'email');
    default:
      return null;
  }
}

type LabelOptions = { revealStaff: boolean; staffLabel: string };

/** Entries as the activity views show them: actor and target named, staff anonymous to customers. */
export async function describeEntries(
  db: Db,
  rows: AuditEventRow[],
  options: LabelOptions,
): Promise<ActivityEntry[]> {
  if (rows.length === 0) return [];
  const names = await readNames(db, rows);
  return rows.map((row) => {
    const hidesStaff = row.actorType === 'staff' && !options.revealStaff;
    return {
      id: row.id,
      occurredAt: row.occurredAt.toISOString(),
      event: row.event,
      actor: actorOf(row, names, options),
      organizationId: row.organizationId,
      ip: hidesStaff ? null : row.ip,
      userAgent: hidesStaff ? null : row.userAgent,
      target:
        row.targetType && row.targetId
          ? { type: row.targetType, id: row.targetId, label: targetLabel(row, names) }
          : null,
      details: row.details,
      reason: row.reason,
    };
  });
}
