import type { Language } from '@cotacep/shared/languages';
import {
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationPreview,
  type InvitationRequest,
} from '@cotacep/shared/organization-schemas';
import { assignableRoles } from '@cotacep/shared/roles';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizationInvitations } from '../../db/schema/organization-invitations.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, randomToken } from '../../lib/secrets.ts';
import { DAY_MS } from '../../lib/time.ts';
import { type AuditContext, recordAudit, withAudit } from '../audit/record.ts';
import { renderInvitationEmail } from '../mail/invitation-email.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Actor } from './members-service.ts';
import { lockOrganization } from './organization-lock.ts';
import { isPendingInvitation, readSeats } from './seats.ts';

export type InvitationMail = { mailer: Mailer; publicUrl: string; appName: string; language: Language };

type InvitationEvent =
  | 'invitation.created'
  | 'invitation.resent'
  | 'invitation.revoked'
  | 'invitation.accepted';

/** An invitation's audit entry: the address is the organization's own data, the link's secret never. */
const invitationEntry = (
  event: InvitationEvent,
  invitation: { id: string; organizationId: string; email: string; role: Invitation['role'] },
) => ({
  event,
  organizationId: invitation.organizationId,
  target: { type: 'invitation', id: invitation.id },
  details: { role: invitation.role, email: invitation.email },
});

const personName = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : '';

/** A new secret and its expiry: a resend replaces both, so an older link stops working. */
function newLink(now = Date.now()) {
  const token = randomToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now + INVITATION_TTL_DAYS * DAY_MS) };
}

async function sendInvitation(
  db: Db,
  mail: InvitationMail,
  invitation: { organizationId: string; email: string; role: Invitation['role']; expiresAt: Date },
  inviterId: string,
  token: string,
) {
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId));
  const [inviter] = await db.select().from(users).where(eq(users.id, inviterId));
  const rendered = renderInvitationEmail({
    language: mail.language,
    appName: mail.appName,
    inviterName: personName(inviter ?? null) || (inviter?.email ?? mail.appName),
    organizationName: organization?.name ?? '',
    role: invitation.role,
    acceptUrl: `${mail.publicUrl}/invitations/accept#token=${token}`,
    expiresAt: invitation.expiresAt,
  });
  await mail.mailer.send({ to: invitation.email, language: mail.language, ...rendered });
}

export async function listInvitations(db: Db, organizationId: string): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: organizationInvitations, inviter: users })
    .from(organizationInvitations)
    .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
    .where(and(eq(organizationInvitations.organizationId, organizationId), isPendingInvitation()))
    .orderBy(asc(organizationInvitations.createdAt));
  return rows.map(({ invitation, inviter }) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: personName(inviter),
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  }));
}

/**
 * Invites an address: refused for a role the inviter cannot give, an address already a member or already
 * invited, and beyond the plan's seats (pending invitations take a seat). The e-mail goes after the commit.
 */
export async function createInvitation(
  db: Db,
  actor: Actor,
  request: InvitationRequest,
  mail: InvitationMail,
  context: AuditContext,
): Promise<Invitation> {
  if (!assignableRoles(actor.role).includes(request.role)) throw new AppError('RoleNotAssignable');
  const link = newLink();
  const created = await db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, actor.id);
    if (!organization) throw new AppError('OrganizationNotFound');
    const [member] = await tx
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, actor.id), eq(users.email, request.email)));
    const [pending] = await tx
      .select({ id: organizationInvitations.id })
      .from(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.organizationId, actor.id),
          eq(organizationInvitations.email, request.email),
          isPendingInvitation(),
        ),
      );
    if (member || pending) throw new AppError('AlreadyMember');
    const seats = await readSeats(tx, actor.id, organization.plan);
    if (seats.limit !== null && seats.used >= seats.limit) throw new AppError('SeatLimitReached');
    const [row] = await tx
      .insert(organizationInvitations)
      .values({
        organizationId: actor.id,
        email: request.email,
        role: request.role,
        tokenHash: link.tokenHash,
        invitedBy: actor.userId,
        expiresAt: link.expiresAt,
      })
      .returning();
    await recordAudit(tx, context, invitationEntry('invitation.created', row!));
    return row!;
  });
  await sendInvitation(db, mail, created, actor.userId, link.token);
  const listed = (await listInvitations(db, actor.id)).find((each) => each.id === created.id);
  if (!listed) throw new AppError('InvitationNotFound');
  return listed;
}

/**
 * The condition that selects this organization's pending invitation, once it is known to exist and the actor
 * may touch its role (an Admin never an Owner's invitation).
 */
async function findPendingToManage(db: Db, actor: Actor, invitationId: string) {
  const isThisPending = and(
    eq(organizationInvitations.id, invitationId),
    eq(organizationInvitations.organizationId, actor.id),
    isPendingInvitation(),
  );
  const [current] = await db.select().from(organizationInvitations).where(isThisPending);
  if (!current) throw new AppError('InvitationNotFound');
  if (!assignableRoles(actor.role).includes(current.role)) throw new AppError('RoleNotAssignable');
  return isThisPending;
}

/** Revokes a pending invitation; an Admin may not revoke one that would make an Owner (only an Owner may). */
export async function revokeInvitation(
  db: Db,
  actor: Actor,
  invitationId: string,
  context: AuditContext,
): Promise<void> {
  const isThisPending = await findPendingToManage(db, actor, invitationId);
  await withAudit(
    db,
    context,
    async (tx) => {
      const [row] = await tx
        .update(organizationInvitations)
        .set({ revokedAt: new Date() })
        .where(isThisPending)
        .returning();
      if (!row) throw new AppError('InvitationNotFound');
      return row;
    },
    (row) => invitationEntry('invitation.revoked', row),
  );
}

/** Sends the invitation again with a new link valid 7 more days; the old link stops working. */
export async function resendInvitation(
  db: Db,
  actor: Actor,
  invitationId: string,
  mail: InvitationMail,
  context: AuditContext,
) {
  const isThisPending = await findPendingToManage(db, actor, invitationId);
  const link = newLink();
  const row = await withAudit(
    db,
    context,
    async (tx) => {
      const [updated] = await tx
        .update(organizationInvitations)
        .set({ tokenHash: link.tokenHash, expiresAt: link.expiresAt, invitedBy: actor.userId })
        .where(isThisPending)
        .returning();
      if (!updated) throw new AppError('InvitationNotFound');
      return updated;
    },
    (updated) => invitationEntry('invitation.resent', updated),
  );
  await sendInvitation(db, mail, row, actor.userId, link.token);
}

async function findPendingByToken(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: organizationInvitations, organizationName: organizations.name, inviter: users })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
    .where(and(eq(organizationInvitations.tokenHash, hashToken(token)), isPendingInvitation()));
  return row ?? null;
}

/** What the invitation page shows before anyone signs in. An unknown, used, revoked or expired link: 410. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const found = await findPendingByToken(db, token);
  if (!found) throw new AppError('InvitationInvalid');
  return {
    organizationName: found.organizationName,
    email: found.invitation.email,
    role: found.invitation.role,
    invitedBy: personName(found.inviter),
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

/**
 * Joins the organization with the invited role, once: the link is spent in the same transaction, so two
 * parallel accepts cannot both use it. Only the invited address may accept. The organization's row is locked
 * before the invitation's, in the order every other change takes them: an organization deleted meanwhile
 * ends the link (410) instead of deadlocking with the acceptance.
 */
export async function acceptInvitation(
  db: Db,
  userId: string,
  token: string,
  context: AuditContext,
): Promise<{ organizationId: string }> {
  const isThisPending = and(eq(organizationInvitations.tokenHash, hashToken(token)), isPendingInvitation());
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ organizationId: organizationInvitations.organizationId })
      .from(organizationInvitations)
      .where(isThisPending);
    if (!found || !(await lockOrganization(tx, found.organizationId)))
      throw new AppError('InvitationInvalid');
    const [invitation] = await tx.select().from(organizationInvitations).where(isThisPending).for('update');
    if (!invitation) throw new AppError('InvitationInvalid');
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user || user.email !== invitation.email) throw new AppError('InvitationForAnotherEmail');
    await tx
      .update(organizationInvitations)
      .set({ acceptedAt: new Date() })
      .where(eq(organizationInvitations.id, invitation.id));
    await tx
      .insert(organizationMembers)
      .values({ organizationId: invitation.organizationId, userId, role: invitation.role })
      .onConflictDoNothing();
    await recordAudit(tx, context, { ...invitationEntry('invitation.accepted', invitation), userId });
    return { organizationId: invitation.organizationId };
  });
}
