import { and, asc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { emailChangeUndos } from '../../db/schema/email-change-undos.ts';
import { mfaChallenges } from '../../db/schema/mfa-challenges.ts';
import { oauthAccounts, oauthStates } from '../../db/schema/oauth.ts';
import { organizationInvitations } from '../../db/schema/organization-invitations.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { accountClosures, dataExports } from '../../db/schema/privacy-requests.ts';
import {
  knownBrowsers,
  passkeys,
  recoveryCodes,
  totpFactors,
  webauthnChallenges,
} from '../../db/schema/second-factors.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { users } from '../../db/schema/users.ts';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { recordAudit, SYSTEM_CONTEXT } from '../audit/record.ts';
import { founderOrganizationName, handOverOwnership } from '../organizations/founding.ts';
import { lockUser } from '../second-factors/user-lock.ts';
import type { PrivacyDeps } from './privacy-deps.ts';

/** The name an anonymised account (and an organization that carried its founder's name) is left with. */
export const CLOSED_ACCOUNT_NAME = 'Conta encerrada';

/** The address an anonymised account keeps: unique, undeliverable, and never one a person can sign up with. */
export const anonymisedEmail = (userId: string) => `anonymised-${userId}@invalid`;

/** Everything that identifies the person or lets anyone sign in as them. */
async function deletePersonalRows(tx: Db, userId: string, email: string): Promise<void> {
  await tx.delete(userCredentials).where(eq(userCredentials.userId, userId));
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  await tx.delete(knownBrowsers).where(eq(knownBrowsers.userId, userId));
  await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
  await tx
    .delete(oauthStates)
    .where(or(eq(oauthStates.linkUserId, userId), eq(oauthStates.resultUserId, userId)));
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
  await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
  await tx.delete(emailChangeUndos).where(eq(emailChangeUndos.userId, userId));
  await tx.delete(dataExports).where(eq(dataExports.userId, userId));
  // Invitations still waiting for this address: nobody will accept them now.
  await tx
    .delete(organizationInvitations)
    .where(and(eq(organizationInvitations.email, email), isNull(organizationInvitations.acceptedAt)));
}

/**
 * Leaves organizations shared with others (handing the Owner role on where they were the last one); the
 * organizations that were only theirs stay, with their invoices (kept for the tax law's term) and their keys
 * stopped, renamed when they carried the person's name. Returns those that were left and those that stay.
 */
async function settleOrganizations(tx: Db, user: typeof users.$inferSelect, now: Date) {
  const others = tx
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(ne(organizationMembers.userId, user.id));
  const mine = await tx
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, user.id));
  const shared = await tx
    .selectDistinct({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(
      and(
        inArray(organizationMembers.organizationId, others),
        inArray(
          organizationMembers.organizationId,
          mine.map((row) => row.id),
        ),
      ),
    );
  const sharedIds = shared.map((row) => row.id);
  const soleIds = mine.map((row) => row.id).filter((id) => !sharedIds.includes(id));
  await handOverOwnership(tx, user.id);
  if (sharedIds.length > 0) {
    await tx
      .delete(organizationMembers)
      .where(
        and(eq(organizationMembers.userId, user.id), inArray(organizationMembers.organizationId, sharedIds)),
      );
  }
  if (soleIds.length > 0) {
    const sole = await tx.select().from(organizations).where(inArray(organizations.id, soleIds));
    for (const organization of sole) {
      const isFoundersName = organization.name === founderOrganizationName(user);
      await tx
        .update(organizations)
        .set({
          keysStoppedAt: organization.keysStoppedAt ?? now,
          ...(isFoundersName && { name: CLOSED_ACCOUNT_NAME }),
          updatedAt: now,
        })
        .where(eq(organizations.id, organization.id));
    }
  }
  return { sharedIds, soleIds };
}

/**
 * Anonymises one account whose closure is due, in one transaction: the profile rewritten, every credential,
 * factor, link, session, code and export deleted, shared organizations left, the closure completed and the
 * system's entry on the record. Another instance sweeping at once skips the closure (SKIP LOCKED).
 */
async function anonymiseAccount(deps: PrivacyDeps, closureId: string, now: Date): Promise<boolean> {
  const stopped = await deps.db.transaction(async (tx) => {
    const [closure] = await tx
      .select()
      .from(accountClosures)
      .where(
        and(
          eq(accountClosures.id, closureId),
          isNull(accountClosures.cancelledAt),
          isNull(accountClosures.completedAt),
          lte(accountClosures.anonymiseAfter, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (!closure) return null;
    await lockUser(tx, closure.userId);
    const [user] = await tx.select().from(users).where(eq(users.id, closure.userId));
    if (!user) return null;
    await deletePersonalRows(tx, user.id, user.email);
    const { sharedIds, soleIds } = await settleOrganizations(tx, user, now);
    await tx
      .update(users)
      .set({
        email: anonymisedEmail(user.id),
        emailConfirmedAt: null,
        pendingEmail: null,
        firstName: CLOSED_ACCOUNT_NAME,
        lastName: '',
        phone: null,
        pendingPhone: null,
        taxId: null,
        mfaEnabled: false,
        mfaMethod: 'email',
        lastSecondFactor: null,
        staffRole: null,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.update(accountClosures).set({ completedAt: now }).where(eq(accountClosures.id, closure.id));
    await recordAudit(tx, SYSTEM_CONTEXT, {
      event: 'account.anonymised',
      userId: user.id,
      target: { type: 'user', id: user.id },
      details: { organizationsLeft: sharedIds.length },
    });
    return soleIds;
  });
  if (!stopped) return false;
  // Stopped since the closure; forgotten everywhere again, so no instance keeps a stale entry.
  for (const id of stopped) await deps.invalidation.organizationChanged(id);
  return true;
}

/** Anonymises every account whose grace period is over; returns how many. */
export async function anonymiseDueAccounts(deps: PrivacyDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: accountClosures.id })
    .from(accountClosures)
    .where(
      and(
        isNull(accountClosures.cancelledAt),
        isNull(accountClosures.completedAt),
        lte(accountClosures.anonymiseAfter, now),
      ),
    )
    .orderBy(asc(accountClosures.anonymiseAfter))
    .limit(100);
  let anonymised = 0;
  for (const { id } of due) {
    try {
      if (await anonymiseAccount(deps, id, now)) anonymised += 1;
    } catch (error) {
      deps.log.error({ err: error, closureId: id }, 'account anonymisation failed; retried next sweep');
    }
  }
  return anonymised;
}
