import { LIVE_SUBSCRIPTION_STATUSES } from '@cotacep/shared/billing-schemas';
import type { ClosureBlocker, ClosureBlockReason } from '@cotacep/shared/privacy-schemas';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';

export type ClosureSituation = {
  /** Organizations where the user is the only Owner of others, or of a paid subscription: closing waits. */
  blockers: ClosureBlocker[];
  /** Organizations whose only member is the user: their keys stop with the closure. */
  soleOrganizationIds: string[];
};

/**
 * Where the user stands in each organization. Read inside the closing transaction too, so a member who
 * joins meanwhile is counted.
 */
export async function readClosureSituation(db: Db, userId: string): Promise<ClosureSituation> {
  const mine = await db
    .select({ id: organizations.id, name: organizations.name, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.joinedAt), asc(organizations.id));
  if (mine.length === 0) return { blockers: [], soleOrganizationIds: [] };
  const ids = mine.map((row) => row.id);
  const [members, paid] = await Promise.all([
    db
      .select({
        organizationId: organizationMembers.organizationId,
        userId: organizationMembers.userId,
        role: organizationMembers.role,
      })
      .from(organizationMembers)
      .where(inArray(organizationMembers.organizationId, ids)),
    db
      .selectDistinct({ organizationId: subscriptions.organizationId })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.organizationId, ids),
          isNull(subscriptions.endedAt),
          inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
        ),
      ),
  ]);
  const blockers: ClosureBlocker[] = [];
  const soleOrganizationIds: string[] = [];
  for (const organization of mine) {
    const others = members.filter((m) => m.organizationId === organization.id && m.userId !== userId);
    if (others.length === 0) soleOrganizationIds.push(organization.id);
    const isOnlyOwner = organization.role === 'owner' && !others.some((m) => m.role === 'owner');
    if (!isOnlyOwner) continue;
    const reasons: ClosureBlockReason[] = [];
    if (others.length > 0) reasons.push('other_members');
    if (paid.some((row) => row.organizationId === organization.id)) reasons.push('paid_subscription');
    if (reasons.length > 0)
      blockers.push({ organizationId: organization.id, organizationName: organization.name, reasons });
  }
  return { blockers, soleOrganizationIds };
}
