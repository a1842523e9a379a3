import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { auditEvents } from '../../db/schema/audit-events.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { contactRequests } from '../../db/schema/contact-requests.ts';
import { emailChangeUndos } from '../../db/schema/email-change-undos.ts';
import { oauthAccounts } from '../../db/schema/oauth.ts';
import { organizationInvitations } from '../../db/schema/organization-invitations.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { accountClosures, dataExports } from '../../db/schema/privacy-requests.ts';
import { knownBrowsers, passkeys, recoveryCodes, totpFactors } from '../../db/schema/second-factors.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { users } from '../../db/schema/users.ts';
import { ownedOrganizations } from './owned-organizations-data.ts';

/** The file's own name and version, so a reader (or a later import elsewhere) knows what it holds. */
export const PERSONAL_DATA_FORMAT = 'cotacep-personal-data/1';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Second factors by kind and date; never a secret, a code or a hash. */
async function secondFactors(db: Db, userId: string) {
  const [totp, recovery] = await Promise.all([
    db.select().from(totpFactors).where(eq(totpFactors.userId, userId)),
    db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
  const factors: Record<string, string | number | null>[] = totp.map((row) => ({
    kind: 'authenticator_app',
    addedAt: iso(row.createdAt),
    confirmedAt: iso(row.confirmedAt),
    lastUsedAt: iso(row.lastUsedAt),
  }));
  if (recovery.length > 0) {
    factors.push({
      kind: 'recovery_codes',
      addedAt: iso(recovery[0]?.createdAt ?? null),
      total: recovery.length,
      unused: recovery.filter((row) => row.usedAt === null).length,
    });
  }
  return factors;
}

/**
 * Every personal datum the product holds about one user (LGPD art. 18, issue 26), as one JSON document:
 * profile, e-mails, preferences, memberships, the organizations they own with their billing, sessions,
 * factors, passkeys, social links, keys they created, contact requests, their audit trail, past exports
 * and closures. Secrets (password and key hashes, factor keys, codes) are never read into it.
 */
export async function buildPersonalData(db: Db, userId: string, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const memberships = await db
    .select({
      organizationId: organizationMembers.organizationId,
      organizationName: organizations.name,
      role: organizationMembers.role,
      joinedAt: organizationMembers.joinedAt,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.joinedAt));
  const ownedIds = memberships.filter((row) => row.role === 'owner').map((row) => row.organizationId);
  const [
    credentials,
    owned,
    sessions,
    factors,
    keysOfUser,
    browsers,
    social,
    keys,
    contacts,
    emailChanges,
    invitations,
    audit,
    exports,
    closures,
  ] = await Promise.all([
    db
      .select({ updatedAt: userCredentials.updatedAt })
      .from(userCredentials)
      .where(eq(userCredentials.userId, userId)),
    ownedOrganizations(db, ownedIds),
    db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, userId))
      .orderBy(desc(authSessions.createdAt)),
    secondFactors(db, userId),
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)),
    db.select().from(knownBrowsers).where(eq(knownBrowsers.userId, userId)),
    db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
    db.select().from(apiKeys).where(eq(apiKeys.createdBy, userId)).orderBy(asc(apiKeys.createdAt)),
    db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.userId, userId))
      .orderBy(asc(contactRequests.createdAt)),
    db
      .select()
      .from(emailChangeUndos)
      .where(eq(emailChangeUndos.userId, userId))
      .orderBy(asc(emailChangeUndos.createdAt)),
    db
      .select({
        organizationName: organizations.name,
        role: organizationInvitations.role,
        createdAt: organizationInvitations.createdAt,
        acceptedAt: organizationInvitations.acceptedAt,
        revokedAt: organizationInvitations.revokedAt,
      })
      .from(organizationInvitations)
      .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
      .where(eq(organizationInvitations.email, user.email)),
    db
      .select()
      .from(auditEvents)
      .where(
        or(
          eq(auditEvents.userId, userId),
          and(inArray(auditEvents.actorType, ['user', 'staff']), eq(auditEvents.actorId, userId)),
        ),
      )
      .orderBy(asc(auditEvents.occurredAt)),
    db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(asc(dataExports.requestedAt)),
    db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, userId))
      .orderBy(asc(accountClosures.requestedAt)),
  ]);
  return {
    format: PERSONAL_DATA_FORMAT,
    generatedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailConfirmedAt: iso(user.emailConfirmedAt),
      pendingEmail: user.pendingEmail,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      pendingPhone: user.pendingPhone,
      taxId: user.taxId,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      passwordSetAt: iso(credentials[0]?.updatedAt ?? null),
    },
    preferences: {
      language: user.language,
      locale: user.locale,
      timezone: user.timezone,
      twoStepByCode: { enabled: user.mfaEnabled, method: user.mfaMethod },
      lastSecondFactor: user.lastSecondFactor,
    },
    emailChanges: emailChanges.map((row) => ({
      previousEmail: row.previousEmail,
      newEmail: row.newEmail,
      changedAt: iso(row.createdAt),
      undoneAt: iso(row.usedAt),
    })),
    memberships: memberships.map((row) => ({ ...row, joinedAt: iso(row.joinedAt) })),
    ownedOrganizations: owned,
    invitationsReceived: invitations.map((row) => ({
      organizationName: row.organizationName,
      role: row.role,
      sentAt: iso(row.createdAt),
      acceptedAt: iso(row.acceptedAt),
      revokedAt: iso(row.revokedAt),
    })),
    sessions: sessions.map((row) => ({
      id: row.id,
      method: row.method,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: iso(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
      expiresAt: iso(row.expiresAt),
      revokedAt: iso(row.revokedAt),
      revokedReason: row.revokedReason,
    })),
    knownBrowsers: browsers.map((row) => ({
      firstSeenAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
    })),
    secondFactors: factors,
    passkeys: keysOfUser.map((row) => ({
      name: row.name,
      createdAt: iso(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
      deviceType: row.deviceType,
      backedUp: row.backedUp,
    })),
    socialAccounts: social.map((row) => ({
      provider: row.provider,
      email: row.email,
      linkedAt: iso(row.createdAt),
    })),
    apiKeysCreated: keys.map((row) => ({
      id: row.id,
      organizationId: row.organizationId,
      projectId: row.projectId,
      name: row.description,
      kind: row.kind,
      prefix: row.secretPrefix,
      enabled: row.enabled,
      allowedOrigins: row.allowedOrigins,
      createdAt: iso(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
    })),
    contactRequests: contacts.map((row) => ({
      topic: row.topic,
      name: row.name,
      email: row.email,
      company: row.company,
      message: row.message,
      language: row.language,
      sentAt: iso(row.createdAt),
    })),
    activity: audit.map((row) => ({
      occurredAt: iso(row.occurredAt),
      event: row.event,
      actorType: row.actorType,
      organizationId: row.organizationId,
      ip: row.ip,
      userAgent: row.userAgent,
      target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
      details: row.details,
      reason: row.reason,
    })),
    dataExports: exports.map((row) => ({
      id: row.id,
      status: row.status,
      requestedAt: iso(row.requestedAt),
      completedAt: iso(row.completedAt),
      expiresAt: iso(row.expiresAt),
    })),
    accountClosures: closures.map((row) => ({
      requestedAt: iso(row.requestedAt),
      anonymiseAfter: iso(row.anonymiseAfter),
      cancelledAt: iso(row.cancelledAt),
      completedAt: iso(row.completedAt),
    })),
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof buildPersonalData>>>;
