import { getPlan } from '@cotacep/shared/plans';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizationInvitations } from '../../db/schema/organization-invitations.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';

/** Invitations still waiting for their answer: not accepted, not revoked, not expired. */
export const isPendingInvitation = (now = new Date()) =>
  and(
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.revokedAt),
    gt(organizationInvitations.expiresAt, now),
  );

/** Seats taken (members and pending invitations) against the plan's; `limit` null is no limit. */
export async function readSeats(db: Db, organizationId: string, planId: string) {
  const [[members], [pending]] = await Promise.all([
    db
      .select({ total: count() })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId)),
    db
      .select({ total: count() })
      .from(organizationInvitations)
      .where(and(eq(organizationInvitations.organizationId, organizationId), isPendingInvitation())),
  ]);
  return { used: (members?.total ?? 0) + (pending?.total ?? 0), limit: getPlan(planId).seats };
}
