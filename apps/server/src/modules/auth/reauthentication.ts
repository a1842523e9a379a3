import type { ReauthenticateRequest, ReauthMethod } from '@cotacep/shared/account-schemas';
import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { consumeTotpCode, findConfirmedTotp } from '../second-factors/totp-factor.ts';
import { claimDeliverySlot } from './delivery-throttle.ts';
import type { Identity } from './identity.ts';
import { clearFailures, lockoutKey, reserveAttempt } from './lockout.ts';
import { maskDestination } from './mask.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { findUserById, getPasswordHash } from './users.ts';
import { consumeVerificationCode, sendVerificationCode } from './verification-codes.ts';

/**
 * Recent re-authentication (issue 22, decision 026). A session records when it last proved its user
 * (`auth_sessions.authenticated_at`: the login, then each re-authentication); e-mail, phone, password,
 * turning MFA off or changing its method and social links need that proof younger than
 * `REAUTH_WINDOW_SECONDS` (10 minutes by default). It lives on the session row, never in the JWT, so an
 * access token stolen on its own cannot make those changes.
 */

/** Marks the session as having just proven its user. */
export async function markAuthenticated(db: Db, sessionId: string): Promise<void> {
  await db.update(authSessions).set({ authenticatedAt: new Date() }).where(eq(authSessions.id, sessionId));
}

/**
 * How this user can prove it is them: the password when there is one; a code when a second factor is on
 * (sent to it) or when there is no password (an account made through a social provider: sent by e-mail).
 */
export async function reauthMethods(db: Db, user: User): Promise<ReauthMethod[]> {
  const [passwordHash, totp] = await Promise.all([
    getPasswordHash(db, user.id),
    findConfirmedTotp(db, user.id),
  ]);
  const hasPassword = passwordHash !== null;
  const methods: ReauthMethod[] = hasPassword ? ['password'] : [];
  if (user.mfaEnabled || !hasPassword) methods.push('code');
  // Issue 25: the authenticator app's code proves the user as well as the password does.
  if (totp) methods.push('totp');
  return methods;
}

/**
 * The authenticator app's code as a proof of the session's user (re-authentication, removing the app): wrong
 * ones count toward the login lockout exactly as wrong passwords do, reserved first and given back on success.
 */
export async function consumeTotpCodeWithLockout(
  identity: Identity,
  user: User,
  code: string,
): Promise<boolean> {
  const key = lockoutKey(user.email);
  await reserveAttempt(identity.db, key, identity.lockout);
  if (!(await consumeTotpCode(identity, user.id, code))) return false;
  await clearFailures(identity.db, key);
  return true;
}

/** Where a re-authentication code goes: the second factor's channel when MFA is on, the e-mail otherwise. */
function codeDestination(user: User): { method: 'email' | 'sms'; destination: string } {
  if (user.mfaEnabled && user.mfaMethod === 'sms' && user.phone)
    return { method: 'sms', destination: user.phone };
  return { method: 'email', destination: user.email };
}

/** When the request's session last proved its user, or null. */
async function authenticatedAt(db: Db, sessionId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ authenticatedAt: authSessions.authenticatedAt })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)));
  return row?.authenticatedAt ?? null;
}

/**
 * Refuses with 403 `ReauthenticationRequired` (and the ways to re-authenticate) unless the request's
 * session proved its user within the window. Call it before anything changes.
 */
export async function assertRecentAuthentication(identity: Identity, request: FastifyRequest): Promise<void> {
  const { id, sessionId } = getAuthUser(request);
  const provenAt = await authenticatedAt(identity.db, sessionId, id);
  const windowMs = identity.config.REAUTH_WINDOW_SECONDS * 1000;
  if (provenAt && Date.now() - provenAt.getTime() < windowMs) return;
  const user = await findUserById(identity.db, id);
  if (!user) throw new AppError('Unauthorized');
  throw new AppError('ReauthenticationRequired', { methods: await reauthMethods(identity.db, user) });
}

/** The same check as a route's preHandler. */
export function requireRecentAuthentication(identity: Identity) {
  return (request: FastifyRequest) => assertRecentAuthentication(identity, request);
}

/** Sends a re-authentication code when the user may use one; refused like a wrong code otherwise. */
export async function sendReauthCode(identity: Identity, userId: string, ip: string): Promise<CodeDelivery> {
  const user = await findUserById(identity.db, userId);
  if (!user) throw new AppError('Unauthorized');
  if (!(await reauthMethods(identity.db, user)).includes('code'))
    throw new AppError('ReauthenticationFailed');
  const { method, destination } = codeDestination(user);
  await claimDeliverySlot(identity.db, identity.throttle, 'reauth', destination, { account: user.id, ip });
  await sendVerificationCode(identity, {
    user,
    purpose: 'reauth',
    method,
    destination,
    ttlSeconds: identity.config.MFA_CODE_TTL_SECONDS,
  });
  return {
    method,
    destination: maskDestination(method, destination),
    resendAfter: identity.config.CODE_RESEND_SECONDS,
  };
}

/**
 * Proves the session's user again with the password, a code or the authenticator app's code, and marks the
 * session. A wrong password or app code counts toward the login lockout (reserved before it is verified,
 * as at login, so parallel guesses cannot pass the limit); a wrong, expired or spent code counts on the
 * code. All answer the same `ReauthenticationFailed`.
 */
export async function reauthenticate(
  identity: Identity,
  request: FastifyRequest,
  body: ReauthenticateRequest,
): Promise<void> {
  const { db } = identity;
  const { id, sessionId } = getAuthUser(request);
  const user = await findUserById(db, id);
  if (!user) throw new AppError('Unauthorized');
  if ('password' in body) {
    const key = lockoutKey(user.email);
    await reserveAttempt(db, key, identity.lockout);
    const passwordHash = await getPasswordHash(db, user.id);
    const isValid = passwordHash
      ? await verifyPassword(passwordHash, body.password)
      : await verifyAgainstDummy(body.password);
    if (!isValid) throw new AppError('ReauthenticationFailed');
    await clearFailures(db, key);
  } else if ('totp' in body) {
    // Counted toward the login lockout like a password (a wrong or replayed code alike).
    if (!(await consumeTotpCodeWithLockout(identity, user, body.totp)))
      throw new AppError('ReauthenticationFailed');
  } else {
    if (!(await reauthMethods(db, user)).includes('code')) throw new AppError('ReauthenticationFailed');
    try {
      await consumeVerificationCode(db, identity.codes, {
        userId: user.id,
        purpose: 'reauth',
        code: body.code,
      });
    } catch (error) {
      if (error instanceof AppError && (error.code === 'CodeMismatch' || error.code === 'ExpiredCode'))
        throw new AppError('ReauthenticationFailed');
      throw error;
    }
  }
  await markAuthenticated(db, sessionId);
}
