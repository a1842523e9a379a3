import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import type { CloseAccountRequest, ClosureOptions } from '@cotacep/shared/privacy-schemas';
import { inArray } from 'drizzle-orm';
import { organizations } from '../../db/schema/organizations.ts';
import { accountClosures } from '../../db/schema/privacy-requests.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { DAY_MS } from '../../lib/time.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import { claimDeliverySlot } from '../auth/delivery-throttle.ts';
import type { Identity } from '../auth/identity.ts';
import { clearFailures, lockoutKey, reserveAttempt } from '../auth/lockout.ts';
import { maskDestination } from '../auth/mask.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { consumeTotpCodeWithLockout } from '../auth/reauthentication.ts';
import { revokeUserSessions } from '../auth/tokens/sessions.ts';
import { findUserById, getPasswordHash } from '../auth/users.ts';
import { consumeVerificationCode, sendVerificationCode } from '../auth/verification-codes.ts';
import { findConfirmedTotp } from '../second-factors/totp-factor.ts';
import { lockUser } from '../second-factors/user-lock.ts';
import { readClosureSituation } from './closure-blockers.ts';
import { findOpenClosure } from './closure-cancel.ts';
import { mailClosureConfirmation } from './notices.ts';
import type { PrivacyDeps } from './privacy-deps.ts';

async function findUser(identity: Identity, userId: string): Promise<User> {
  const user = await findUserById(identity.db, userId);
  if (!user) throw new AppError('Unauthorized');
  return user;
}

/** What closing takes for this user, and what stands in its way (the dialog opens with it). */
export async function getClosureOptions(
  deps: PrivacyDeps,
  identity: Identity,
  userId: string,
): Promise<ClosureOptions> {
  const [situation, totp, passwordHash] = await Promise.all([
    readClosureSituation(deps.db, userId),
    findConfirmedTotp(deps.db, userId),
    getPasswordHash(deps.db, userId),
  ]);
  await findUser(identity, userId);
  return {
    factor: totp ? 'totp' : 'email',
    hasPassword: passwordHash !== null,
    graceDays: deps.config.ACCOUNT_CLOSURE_GRACE_DAYS,
    blockers: situation.blockers,
  };
}

/** E-mails the closure's code to a user without an authenticator app, within the delivery throttles. */
export async function sendClosureCode(identity: Identity, userId: string, ip: string): Promise<CodeDelivery> {
  const user = await findUser(identity, userId);
  if (await findConfirmedTotp(identity.db, user.id)) throw new AppError('ClosureUsesAuthenticator');
  await claimDeliverySlot(identity.db, identity.throttle, 'account_closure', user.email, {
    account: user.id,
    ip,
  });
  await sendVerificationCode(identity, {
    user,
    purpose: 'account_closure',
    method: 'email',
    destination: user.email,
    ttlSeconds: identity.config.MFA_CODE_TTL_SECONDS,
  });
  return {
    method: 'email',
    destination: maskDestination('email', user.email),
    resendAfter: identity.config.CODE_RESEND_SECONDS,
  };
}

/**
 * The password (when the account has one) and the current factor: the authenticator app's code, else the
 * e-mailed one. Wrong passwords and app codes count toward the login lockout; every failure answers the
 * same `ReauthenticationFailed`.
 */
async function proveItIsThem(identity: Identity, user: User, body: CloseAccountRequest): Promise<void> {
  const passwordHash = await getPasswordHash(identity.db, user.id);
  if (passwordHash) {
    const key = lockoutKey(user.email);
    await reserveAttempt(identity.db, key, identity.lockout);
    if (!body.password || !(await verifyPassword(passwordHash, body.password)))
      throw new AppError('ReauthenticationFailed');
    await clearFailures(identity.db, key);
  }
  if (await findConfirmedTotp(identity.db, user.id)) {
    if (!(await consumeTotpCodeWithLockout(identity, user, body.code)))
      throw new AppError('ReauthenticationFailed');
    return;
  }
  try {
    await consumeVerificationCode(identity.db, identity.codes, {
      userId: user.id,
      purpose: 'account_closure',
      code: body.code,
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'CodeMismatch' || error.code === 'ExpiredCode'))
      throw new AppError('ReauthenticationFailed');
    throw error;
  }
}

/**
 * "Close my account" (issue 26). Refused while the user is the only Owner of an organization with others or
 * a paid subscription. Otherwise, in one transaction: the closure (anonymised after the grace period), the
 * keys of the organizations that were only theirs stopped, every session ended, each step on the record.
 * Then every instance forgets those keys, and the user gets the confirmation by e-mail.
 */
export async function closeAccount(
  deps: PrivacyDeps,
  identity: Identity,
  context: AuditContext,
  userId: string,
  body: CloseAccountRequest,
): Promise<{ anonymiseAfter: Date }> {
  const user = await findUser(identity, userId);
  const before = await readClosureSituation(deps.db, user.id);
  if (before.blockers.length > 0) throw new AppError('AccountClosureBlocked', { blockers: before.blockers });
  await proveItIsThem(identity, user, body);
  const closure = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const { blockers, soleOrganizationIds } = await readClosureSituation(tx, user.id);
    if (blockers.length > 0) throw new AppError('AccountClosureBlocked', { blockers });
    const now = deps.now();
    const anonymiseAfter = new Date(now.getTime() + deps.config.ACCOUNT_CLOSURE_GRACE_DAYS * DAY_MS);
    const [created] = await tx
      .insert(accountClosures)
      .values({
        userId: user.id,
        requestedAt: now,
        anonymiseAfter,
        stoppedOrganizationIds: soleOrganizationIds,
      })
      .onConflictDoNothing()
      .returning();
    // A second request that raced the first: the first one stands.
    if (!created) return null;
    if (soleOrganizationIds.length > 0) {
      await tx
        .update(organizations)
        .set({ keysStoppedAt: now })
        .where(inArray(organizations.id, soleOrganizationIds));
    }
    for (const organizationId of soleOrganizationIds) {
      await recordAudit(tx, context, {
        event: 'organization.keys_stopped',
        organizationId,
        target: { type: 'organization', id: organizationId },
        details: { cause: 'account_closure' },
      });
    }
    await revokeUserSessions(tx, user.id, 'account_closed');
    await recordAudit(tx, context, {
      event: 'account.closure_requested',
      userId: user.id,
      target: { type: 'account_closure', id: created.id },
      details: {
        anonymiseAfter: anonymiseAfter.toISOString(),
        organizationsStopped: soleOrganizationIds.length,
      },
    });
    return created;
  });
  const open = closure ?? (await findOpenClosure(deps.db, user.id));
  if (!open) throw new AppError('ServiceUnavailable');
  if (closure) {
    for (const id of closure.stoppedOrganizationIds) await deps.invalidation.organizationChanged(id);
    await mailClosureConfirmation(deps, user, closure.anonymiseAfter);
  }
  return { anonymiseAfter: open.anonymiseAfter };
}
