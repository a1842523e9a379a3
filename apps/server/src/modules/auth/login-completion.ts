import type { LoginResponse, TokenSet } from '@cotacep/shared/auth-responses';
import type { FastifyRequest } from 'fastify';
import type { SessionMethod } from '../../db/schema/auth-sessions.ts';
import type { User } from '../../db/schema/users.ts';
import type { Identity } from './identity.ts';
import { startChallenge } from './mfa-challenge.ts';
import { createSession } from './tokens/sessions.ts';

/** Opens a session for the user and answers the token set of spec §3. */
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
  return { ...(await identity.tokens.issue(user, sessionId)), refreshToken };
}

/** After the first factor: the MFA challenge when MFA is on, the tokens otherwise. */
export function completeLogin(
  identity: Identity,
  request: FastifyRequest,
  user: User,
  method: SessionMethod,
): Promise<LoginResponse> {
  return user.mfaEnabled
    ? startChallenge(identity, user, method)
    : issueSession(identity, request, user, method);
}
