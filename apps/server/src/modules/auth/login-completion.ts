import type { SecondFactorMethod } from '@cotacep/shared/auth-fields';
import type { LoginResponse, TokenSet } from '@cotacep/shared/auth-responses';
import type { FastifyRequest } from 'fastify';
import type { SessionMethod } from '../../db/schema/auth-sessions.ts';
import type { User } from '../../db/schema/users.ts';
import { auditContextOf, recordAudit } from '../audit/record.ts';
import { getChallengeMethods } from '../second-factors/factors.ts';
import type { Identity } from './identity.ts';
import { recognizeBrowser } from './known-browsers.ts';
import { startChallenge } from './mfa-challenge.ts';
import { createSession } from './tokens/sessions.ts';

/** Opens a session for the user and answers the token set of spec §3; a browser not seen before is told of. */
export async function issueSession(
  identity: Identity,
  request: FastifyRequest,
  user: User,
  method: SessionMethod,
  secondFactor?: SecondFactorMethod,
): Promise<TokenSet> {
  // The session and its `auth.signed_in` entry exist together or not at all.
  const { sessionId, refreshToken } = await identity.db.transaction(async (tx) => {
    const opened = await createSession(tx, {
      userId: user.id,
      method,
      userAgent: request.headers['user-agent'] ?? null,
      ip: request.ip,
      // Staff sessions are shorter (issue 26): they can act on every customer.
      ttlDays: user.staffRole
        ? identity.config.STAFF_SESSION_TTL_HOURS / 24
        : identity.config.REFRESH_TOKEN_TTL_DAYS,
    });
    await recordAudit(tx, auditContextOf(request, { id: user.id }), {
      event: 'auth.signed_in',
      userId: user.id,
      target: { type: 'session', id: opened.sessionId },
      details: secondFactor ? { method, secondFactor } : { method },
    });
    return opened;
  });
  await recognizeBrowser(identity, request, user);
  // Signing in cancels a pending account closure (issue 26): the answer tells the SPA, which says so.
  const notices = (await identity.onSessionIssued?.(request, user)) ?? {};
  return { ...(await identity.tokens.issue(user, sessionId)), refreshToken, ...notices };
}

/**
 * After the first factor: the challenge when two-factor is on (the e-mail/SMS code, an authenticator app or
 * a passkey; issue 25), the tokens otherwise.
 */
export async function completeLogin(
  identity: Identity,
  request: FastifyRequest,
  user: User,
  method: SessionMethod,
): Promise<LoginResponse> {
  const methods = await getChallengeMethods(identity.db, user);
  return methods.length > 0
    ? startChallenge(identity, user, method, methods)
    : issueSession(identity, request, user, method);
}
