import type {
  AdminKey,
  QuotaGrantRequest,
  StaffPlanRequest,
  SuspensionResponse,
  ViewAsResponse,
} from '@cotacep/shared/admin-schemas';
import { and, asc, eq, inArray, isNull, ne, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { projects } from '../../db/schema/projects.ts';
import { quotaGrants, staffImpersonations } from '../../db/schema/staff.ts';
import { type User, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import { resendSignupCode } from '../auth/signup-service.ts';
import { revokeUserSessions } from '../auth/tokens/sessions.ts';
import type { KeyInvalidation } from '../gateway/invalidation.ts';
import { findMembership } from '../organizations/organization-access.ts';
import { grantPeriod } from '../usage/quota-grants.ts';
import { findLiveSubscription, findOrganization, statusOf, toAdminGrant, toAdminKey } from './customers.ts';
import { getQuota } from './quota.ts';

/** What the staff actions need: the database, the gateway's invalidation, identity (mail, tokens) and settings. */
export type ActionDeps = {
  db: Db;
  invalidation: KeyInvalidation;
  identity: Identity;
  viewAsTtlMinutes: number;
};

const organizationTarget = (id: string) => ({ type: 'organization', id });

/** Locks the organization's row for the transaction, or 404 `OrganizationNotFound`. */
async function lockOrganization(tx: Db, organizationId: string) {
  const [row] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!row) throw new AppError('OrganizationNotFound');
  return row;
}

/**
 * POST /admin/customers/:id/plan. Refused (409 `StaffPlanConflict`) while a live paid subscription decides the
 * plan; otherwise set at once, Enterprise (a contract) included, and every instance forgets the keys' limits.
 */
export async function changePlan(
  deps: ActionDeps,
  context: AuditContext,
  organizationId: string,
  body: StaffPlanRequest,
) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    if (await findLiveSubscription(tx, organizationId)) throw new AppError('StaffPlanConflict');
    await tx
      .update(organizations)
      .set({ plan: body.plan, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
    await recordAudit(tx, context, {
      event: 'staff.plan_changed',
      organizationId,
      target: organizationTarget(organizationId),
      details: { from: organization.plan, to: body.plan },
      reason: body.reason,
    });
  });
  await deps.invalidation.organizationChanged(organizationId);
  return { plan: body.plan, quota: await getQuota(db, organizationId) };
}

/** POST /admin/customers/:id/quota-grants: extra requests for this period, enforced at once on every instance. */
export async function grantQuota(
  deps: ActionDeps,
  context: AuditContext,
  organizationId: string,
  body: QuotaGrantRequest,
) {
  const { db } = deps;
  const period = grantPeriod();
  const grant = await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const [row] = await tx
      .insert(quotaGrants)
      .values({
        organizationId,
        period,
        extraRequests: body.extraRequests,
        reason: body.reason,
        grantedBy: context.actorId,
      })
      .returning();
    await recordAudit(tx, context, {
      event: 'staff.quota_granted',
      organizationId,
      target: organizationTarget(organizationId),
      details: { extraRequests: body.extraRequests, period },
      reason: body.reason,
    });
    return row!;
  });
  await deps.invalidation.organizationChanged(organizationId);
  const [grantor] = context.actorId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, context.actorId))
    : [];
  return { grant: toAdminGrant(grant, grantor ?? null), quota: await getQuota(db, organizationId, period) };
}

/** The members whose only organization this is: suspending it ends their sessions. */
function soleMembersOf(tx: Db, organizationId: string) {
  const other = tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.userId, users.id), ne(organizationMembers.organizationId, organizationId)),
    );
  return tx
    .select({ userId: users.id })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), notExists(other)));
}

/**
 * POST /admin/customers/:id/suspend: its keys are refused at once on every instance (403
 * `organization_suspended`), the portal refuses every request acting on it (403 `OrganizationSuspended`), and
 * the members whose only organization it is are signed out. Suspending a suspended organization changes nothing.
 */
export async function suspend(
  deps: ActionDeps,
  context: AuditContext,
  organizationId: string,
  reason: string,
): Promise<SuspensionResponse> {
  const { db } = deps;
  const result = await db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    if (organization.suspendedAt) return { organization, sessionsEnded: 0 };
    const now = new Date();
    const [updated] = await tx
      .update(organizations)
      .set({ suspendedAt: now, suspensionReason: reason, updatedAt: now })
      .where(eq(organizations.id, organizationId))
      .returning();
    const sole = (await soleMembersOf(tx, organizationId)).map((row) => row.userId);
    const ended =
      sole.length === 0
        ? []
        : await tx
            .update(authSessions)
            .set({ revokedAt: now, revokedReason: 'organization_suspended' })
            .where(and(inArray(authSessions.userId, sole), isNull(authSessions.revokedAt)))
            .returning({ id: authSessions.id });
    await recordAudit(tx, context, {
      event: 'staff.organization_suspended',
      organizationId,
      target: organizationTarget(organizationId),
      details: { sessionsEnded: ended.length },
      reason,
    });
    return { organization: updated!, sessionsEnded: ended.length };
  });
  await deps.invalidation.organizationChanged(organizationId);
  return suspensionOf(result.organization, result.sessionsEnded);
}

/** POST /admin/customers/:id/reactivate: its keys work again at once on every instance. */
export async function reactivate(
  deps: ActionDeps,
  context: AuditContext,
  organizationId: string,
  reason: string,
): Promise<SuspensionResponse> {
  const { db } = deps;
  const organization = await db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    if (!organization.suspendedAt) return organization;
    const [updated] = await tx
      .update(organizations)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId))
      .returning();
    await recordAudit(tx, context, {
      event: 'staff.organization_reactivated',
      organizationId,
      target: organizationTarget(organizationId),
      reason,
    });
    return updated!;
  });
  await deps.invalidation.organizationChanged(organizationId);
  return suspensionOf(organization, 0);
}

function suspensionOf(
  organization: { suspendedAt: Date | null; suspensionReason: string | null; keysStoppedAt: Date | null },
  sessionsEnded: number,
): SuspensionResponse {
  return {
    status: statusOf(organization),
    suspendedAt: organization.suspendedAt?.toISOString() ?? null,
    suspensionReason: organization.suspensionReason,
    sessionsEnded,
  };
}

/** POST /admin/customers/:id/keys/:keyId/disable: the gateway refuses it at once on every instance. */
export async function disableKey(
  deps: ActionDeps,
  context: AuditContext,
  organizationId: string,
  keyId: string,
  reason: string,
): Promise<{ key: AdminKey }> {
  const { db } = deps;
  await findOrganization(db, organizationId);
  const key = await db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)))
      .for('update');
    if (!stored) throw new AppError('ApiKeyNotFound');
    const [row] = await tx
      .update(apiKeys)
      .set({ enabled: false, updatedAt: new Date() })
      .where(eq(apiKeys.id, keyId))
      .returning();
    await recordAudit(tx, context, {
      event: 'staff.key_disabled',
      organizationId,
      target: { type: 'key', id: keyId },
      details: { name: stored.description, prefix: stored.secretPrefix, wasEnabled: stored.enabled },
      reason,
    });
    return row!;
  });
  await deps.invalidation.keyChanged(keyId);
  const [project] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, key.projectId));
  return { key: toAdminKey(key, project?.name ?? '') };
}

async function findUser(db: Db, userId: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.anonymisedAt) throw new AppError('UserNotFound');
  return user;
}

/** The organization whose chain records an action on a person: their default one (null: their own chain). */
async function chainOrganizationOf(db: Db, userId: string): Promise<string | null> {
  return (await findMembership(db, userId, null))?.id ?? null;
}

/** POST /admin/users/:userId/resend-confirmation: a new sign-up code, unless the address is confirmed (409). */
export async function resendConfirmation(
  deps: ActionDeps,
  context: AuditContext,
  userId: string,
  reason: string,
) {
  const { db } = deps;
  const user = await findUser(db, userId);
  if (user.emailConfirmedAt) throw new AppError('StaffEmailAlreadyConfirmed');
  const organizationId = await chainOrganizationOf(db, userId);
  await db.transaction((tx) =>
    recordAudit(tx, context, {
      event: 'staff.confirmation_resent',
      organizationId,
      userId,
      target: { type: 'user', id: userId },
      reason,
    }),
  );
  await resendSignupCode(deps.identity, user.email);
  return { sent: true as const };
}

/** POST /admin/users/:userId/end-sessions: every live session of the person ends at once. */
export async function endSessions(deps: ActionDeps, context: AuditContext, userId: string, reason: string) {
  const { db } = deps;
  await findUser(db, userId);
  const organizationId = await chainOrganizationOf(db, userId);
  const sessionsEnded = await db.transaction(async (tx) => {
    const ended = await revokeUserSessions(tx, userId, 'ended_by_staff');
    await recordAudit(tx, context, {
      event: 'staff.sessions_ended',
      organizationId,
      userId,
      target: { type: 'user', id: userId },
      details: { sessionsEnded: ended },
      reason,
    });
    return ended;
  });
  return { sessionsEnded };
}

/**
 * POST /admin/customers/:id/view-as: a read-only access token for a member (default: its first Owner), for at
 * most `viewAsTtlMinutes`, recorded in the organization's chain and in the person's own activity.
 */
export async function startViewAs(
  deps: ActionDeps,
  context: AuditContext,
  organizationId: string,
  body: { userId?: string | undefined; reason: string },
): Promise<ViewAsResponse> {
  const { db, identity } = deps;
  await findOrganization(db, organizationId);
  const [member] = await db
    .select({ user: users })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        body.userId ? eq(organizationMembers.userId, body.userId) : eq(organizationMembers.role, 'owner'),
      ),
    )
    .orderBy(asc(organizationMembers.joinedAt))
    .limit(1);
  if (!member) throw new AppError('MemberNotFound');
  const { user } = member;
  const staffUserId = context.actorId as string;
  const expiresAt = new Date(Date.now() + deps.viewAsTtlMinutes * 60_000);
  const impersonation = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffImpersonations)
      .values({ staffUserId, userId: user.id, organizationId, reason: body.reason, expiresAt })
      .returning();
    await recordAudit(tx, context, {
      event: 'staff.view_as_started',
      organizationId,
      userId: user.id,
      target: { type: 'user', id: user.id },
      details: { impersonationId: row!.id, expiresAt: expiresAt.toISOString() },
      reason: body.reason,
    });
    return row!;
  });
  const accessToken = await identity.tokens.issueViewAs(user, impersonation.id, expiresAt);
  return {
    accessToken,
    expiresAt: expiresAt.toISOString(),
    impersonationId: impersonation.id,
    user: {
      userId: user.id,
      name: `${user.firstName} ${user.lastName}`.trim() || user.email,
      email: user.email,
    },
    organizationId,
  };
}

/**
 * DELETE /admin/view-as/:id: its token stops at once, recorded where its start was (404 for an unknown one;
 * ending an ended one is fine and records nothing).
 */
export async function endViewAs(db: Db, context: AuditContext, impersonationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staffImpersonations)
      .where(eq(staffImpersonations.id, impersonationId))
      .for('update');
    if (!row) throw new AppError('ViewAsNotFound');
    if (row.endedAt) return;
    const endedAt = new Date();
    await tx.update(staffImpersonations).set({ endedAt }).where(eq(staffImpersonations.id, impersonationId));
    // One that already ran out ends by itself; only an early end is a staff action of its own.
    if (row.expiresAt <= endedAt) return;
    await recordAudit(tx, context, {
      event: 'staff.view_as_ended',
      organizationId: row.organizationId,
      userId: row.userId,
      target: { type: 'user', id: row.userId },
      details: { impersonationId },
      reason: row.reason,
    });
  });
}
