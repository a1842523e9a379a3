import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { apiKeys } from '#server/db/schema/api-keys.ts';
import { organizationInvitations } from '#server/db/schema/organization-invitations.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { organizations } from '#server/db/schema/organizations.ts';

/**
 * Everything an organization's routes could change, read straight from the database: a refused request
 * must leave it equal.
 */
export async function organizationState(db: Db, organizationId: string) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const members = await db
    .select({ userId: organizationMembers.userId, role: organizationMembers.role })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.userId));
  const invitations = await db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.organizationId, organizationId))
    .orderBy(asc(organizationInvitations.id));
  const keys = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(asc(apiKeys.id));
  return { organization: organization ?? null, members, invitations, keys };
}

/** The organizations a user is a member of, with their role. */
export async function membershipsOf(db: Db, userId: string) {
  return db
    .select({ organizationId: organizationMembers.organizationId, role: organizationMembers.role })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.joinedAt));
}
