import type { PlanId } from '@cotacep/shared/plans';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import type { OrganizationAccess } from '../../plugins/organization-guard.ts';
import { hasStrongFactor } from '../second-factors/strong-factors.ts';

/**
 * A user's membership in one organization, or in their default one: the first they joined that still has
 * them (for an account, the organization it founded).
 */
export async function findMembership(db: Db, userId: string, organizationId: string | null) {
  const [row] = await db
    .select({
      id: organizations.id,
      role: organizationMembers.role,
      plan: organizations.plan,
      requireTwoFactor: organizations.requireTwoFactor,
      suspendedAt: organizations.suspendedAt,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      organizationId === null
        ? eq(organizationMembers.userId, userId)
        : and(eq(organizationMembers.userId, userId), eq(organizationMembers.organizationId, organizationId)),
    )
    .orderBy(asc(organizationMembers.joinedAt), asc(organizationMembers.organizationId))
    .limit(1);
  if (!row) return null;
  const { suspendedAt, ...membership } = row;
  // Suspended by staff (issue 26): the organization guard refuses every request acting on it.
  return { ...membership, plan: row.plan as PlanId, suspended: suspendedAt !== null };
}

export const toOrganizationAccess = (db: Db): OrganizationAccess => ({
  findMembership: (userId, organizationId) => findMembership(db, userId, organizationId),
  hasStrongFactor: (userId) => hasStrongFactor(db, userId),
});
