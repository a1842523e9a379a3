import type { Member } from '@cotacep/shared/organization-schemas';
import { assignableRoles, can, type Role } from '@cotacep/shared/roles';
import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentOrganization } from '../../plugins/organization-guard.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import { strongFactorExists } from '../second-factors/strong-factors.ts';
import { ensureOrganization } from './founding.ts';
import { lockOrganization } from './organization-lock.ts';

/** Who acts: their membership in the organization, and their user id. */
export type Actor = CurrentOrganization & { userId: string };

export async function listMembers(db: Db, organizationId: string): Promise<Member[]> {
  const lastSignIn = db
    .select({ userId: authSessions.userId, at: max(authSessions.createdAt).as('last_sign_in_at') })
    .from(authSessions)
    .where(
      inArray(
        authSessions.userId,
        db
          .select({ userId: organizationMembers.userId })
          .from(organizationMembers)
          .where(eq(organizationMembers.organizationId, organizationId)),
      ),
    )
    .groupBy(authSessions.userId)
    .as('last_sign_in');
  const rows = await db
    .select({
      member: organizationMembers,
      user: users,
      lastSignInAt: lastSignIn.at,
      twoFactor: strongFactorExists(organizationMembers.userId),
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(lastSignIn, eq(lastSignIn.userId, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.joinedAt), asc(users.email));
  return rows.map(({ member, user, lastSignInAt, twoFactor }) => ({
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
    lastSignInAt: lastSignInAt ? new Date(lastSignInAt).toISOString() : null,
    twoFactor,
  }));
}

async function findRole(tx: Db, organizationId: string, userId: string): Promise<Role> {
  const [row] = await tx
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
  if (!row) throw new AppError('MemberNotFound');
  return row.role;
}

async function countOwners(tx: Db, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')),
    );
  return row?.total ?? 0;
}

/** An Admin never gives, changes or takes away the Owner role; only an Owner does. */
function assertMayTouch(actor: Actor, from: Role, to: Role | null) {
  const allowed = assignableRoles(actor.role);
  if (!allowed.includes(from) || (to !== null && !allowed.includes(to)))
    throw new AppError('RoleNotAssignable');
}

export async function changeRole(
  db: Db,
  actor: Actor,
  userId: string,
  role: Role,
  context: AuditContext,
): Promise<Member> {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, actor.id);
    const current = await findRole(tx, actor.id, userId);
    assertMayTouch(actor, current, role);
    if (current === 'owner' && role !== 'owner' && (await countOwners(tx, actor.id)) <= 1) {
      throw new AppError('LastOwner');
    }
    await tx
      .update(organizationMembers)
      .set({ role })
      .where(and(eq(organizationMembers.organizationId, actor.id), eq(organizationMembers.userId, userId)));
    if (current === role) return;
    await recordAudit(tx, context, {
      event: 'member.role_changed',
      organizationId: actor.id,
      userId,
      target: { type: 'user', id: userId },
      details: { from: current, to: role },
    });
  });
  const member = (await listMembers(db, actor.id)).find((each) => each.userId === userId);
  if (!member) throw new AppError('MemberNotFound');
  return member;
}

/**
 * Removes a member, or lets one leave (any role may leave). The last Owner can do neither. Keys the member
 * created stay with the organization. Someone left without an organization gets one of their own.
 */
export async function removeMember(
  db: Db,
  actor: Actor,
  userId: string,
  context: AuditContext,
): Promise<void> {
  const leaving = userId === actor.userId;
  if (!leaving && !can(actor.role, 'members.manage')) throw new AppError('PermissionDenied');
  await db.transaction(async (tx) => {
    await lockOrganization(tx, actor.id);
    const current = await findRole(tx, actor.id, userId);
    if (!leaving) assertMayTouch(actor, current, null);
    if (current === 'owner' && (await countOwners(tx, actor.id)) <= 1) throw new AppError('LastOwner');
    await tx
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, actor.id), eq(organizationMembers.userId, userId)));
    await recordAudit(tx, context, {
      event: leaving ? 'member.left' : 'member.removed',
      organizationId: actor.id,
      userId,
      target: { type: 'user', id: userId },
      details: { role: current },
    });
    await ensureOrganization(tx, userId);
  });
}
