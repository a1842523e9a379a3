import { LIVE_SUBSCRIPTION_STATUSES } from '@cotacep/shared/billing-schemas';
import type { Organization, UpdateOrganizationRequest } from '@cotacep/shared/organization-schemas';
import { can, ROLE_PERMISSIONS, type Role } from '@cotacep/shared/roles';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { type OrganizationRow, organizations } from '../../db/schema/organizations.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import { hasStrongFactor } from '../second-factors/strong-factors.ts';
import { ensureOrganization } from './founding.ts';
import type { Actor } from './members-service.ts';
import { lockOrganization } from './organization-lock.ts';
import { readSeats } from './seats.ts';

async function toView(db: Db, row: OrganizationRow, role: Role, isDefault: boolean): Promise<Organization> {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    seats: await readSeats(db, row.id, row.plan),
    isDefault,
    requireTwoFactor: row.requireTwoFactor,
    createdAt: row.createdAt.toISOString(),
  };
}

const membershipRows = (db: Db, userId: string) =>
  db
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.joinedAt), asc(organizationMembers.organizationId));

/** The user's organizations, the default (first joined) first. */
export async function listOrganizations(db: Db, userId: string): Promise<Organization[]> {
  const rows = await membershipRows(db, userId);
  return Promise.all(rows.map((row, index) => toView(db, row.organization, row.role, index === 0)));
}

/** One of the user's organizations: its seats are counted for it alone, not for every organization listed. */
export async function getOrganizationView(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<Organization> {
  const rows = await membershipRows(db, userId);
  const index = rows.findIndex((row) => row.organization.id === organizationId);
  const found = rows[index];
  if (!found) throw new AppError('OrganizationNotFound');
  return toView(db, found.organization, found.role, index === 0);
}

/**
 * How many Free organizations one person may own: each has its own Free quota, so more would multiply it.
 * A paid organization does not count.
 */
export const FREE_ORGANIZATIONS_PER_OWNER = 3;

/** "New organization": on Free, with its creator as the only Owner. */
export async function createOrganization(
  db: Db,
  userId: string,
  name: string,
  context: AuditContext,
): Promise<Organization> {
  const created = await db.transaction(async (tx) => {
    // Serialises one person's creations, so parallel requests cannot pass the count together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cotacep:organizations-of:${userId}`}))`);
    const [owned] = await tx
      .select({ total: count() })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(
        and(
          eq(organizationMembers.userId, userId),
          eq(organizationMembers.role, 'owner'),
          eq(organizations.plan, 'free'),
        ),
      );
    if ((owned?.total ?? 0) >= FREE_ORGANIZATIONS_PER_OWNER) {
      throw new AppError('OrganizationLimitReached', { limit: FREE_ORGANIZATIONS_PER_OWNER });
    }
    const [row] = await tx.insert(organizations).values({ name }).returning();
    await tx.insert(organizationMembers).values({ organizationId: row!.id, userId, role: 'owner' });
    await recordAudit(tx, context, {
      event: 'organization.created',
      organizationId: row!.id,
      target: { type: 'organization', id: row!.id },
      details: { name: row!.name },
    });
    return row!;
  });
  return getOrganizationView(db, userId, created.id);
}

/**
 * Renames the organization and/or sets whether it requires two-factor of every member (issue 25). Only a
 * role with `organization.security` (an Owner) sets the policy, and only with a strong factor of their own:
 * they would otherwise lock themself out of it.
 */
export async function updateOrganization(
  db: Db,
  actor: Actor,
  changes: UpdateOrganizationRequest,
  context: AuditContext,
) {
  const { name, requireTwoFactor } = changes;
  if (requireTwoFactor !== undefined) {
    if (!can(actor.role, 'organization.security')) throw new AppError('PermissionDenied');
    if (requireTwoFactor && !(await hasStrongFactor(db, actor.userId)))
      throw new AppError('TwoFactorNotEnabled');
  }
  await db.transaction(async (tx) => {
    const stored = await lockOrganization(tx, actor.id);
    if (!stored) throw new AppError('OrganizationNotFound');
    await tx
      .update(organizations)
      .set({ name, requireTwoFactor, updatedAt: new Date() })
      .where(eq(organizations.id, actor.id));
    // Only what moved: the new name, the two-step rule's new value.
    const moved = {
      ...(name !== undefined && name !== stored.name ? { name } : {}),
      ...(requireTwoFactor !== undefined && requireTwoFactor !== stored.requireTwoFactor
        ? { requireTwoFactor }
        : {}),
    };
    if (Object.keys(moved).length === 0) return;
    await recordAudit(tx, context, {
      event: 'organization.updated',
      organizationId: actor.id,
      target: { type: 'organization', id: actor.id },
      details: { changed: Object.keys(moved).join(','), ...moved },
    });
  });
  return getOrganizationView(db, actor.userId, actor.id);
}

/**
 * Deletes the organization with its projects, keys, usage and billing records. Refused while a paid
 * subscription still bills it. Members left without an organization get a new one of their own.
 */
export async function deleteOrganization(
  db: Db,
  organizationId: string,
  context: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    // Deleted meanwhile by another request: nothing left to do, nor to record.
    if (!organization) return;
    const [billing] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.organizationId, organizationId),
          isNull(subscriptions.endedAt),
          inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
        ),
      )
      .limit(1);
    if (billing) throw new AppError('OrganizationHasSubscription');
    const members = await tx
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId));
    await tx.delete(organizations).where(eq(organizations.id, organizationId));
    // The entry outlives the organization (no foreign key): its staff trail still shows it.
    await recordAudit(tx, context, {
      event: 'organization.deleted',
      organizationId,
      target: { type: 'organization', id: organizationId },
      details: { name: organization.name, members: members.length },
    });
    for (const member of members) await ensureOrganization(tx, member.userId);
  });
}
