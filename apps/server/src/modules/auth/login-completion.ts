import type { LoginResponse, TokenSet } from '@cotacep/shared/auth-responses';
import type { FastifyRequest } from 'fastify';
import type { SessionMethod } from '../../db/schema/auth-sessions.ts';
import type { User } from '../../db/schema/users.ts';
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
): Promise<TokenSet> {
  const { sessionId, refreshToken } = await createSession(identity.db, {
    userId: user.id,
    method,
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
    ttlDays: identity.config.REFRESH_TOKEN_TTL_DAYS,
  });
  await recognizeBrowser(identity, request, user);
  return { ...(await identity.tokens.issue(user, sessionId)), refreshToken };
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
