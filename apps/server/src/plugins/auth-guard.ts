import type { AccessTokenClaims, CaptchaAction } from '@cotacep/shared/auth-responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

export type AuthUser = {
  id: string;
  sessionId: string;
  claims: AccessTokenClaims;
  /** "View as customer" (issue 26): the staff impersonation this read-only token belongs to. */
  impersonationId?: string;
};

/** The little the guard needs of identity (built by `auth/guard-identity.ts`). */
export type GuardIdentity = {
  /** The claims of a valid access token (algorithm, signature, expiry, audience, issuer, type); throws otherwise. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
  isSessionActive(sessionId: string, userId: string): Promise<boolean>;
  /** A "view as customer" impersonation of this user that was not ended and has not expired (issue 26). */
  isImpersonationLive(impersonationId: string, userId: string): Promise<boolean>;
  captchaGuard(action: CaptchaAction): (request: FastifyRequest) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` for a valid Bearer access token of a live session. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest/preHandler hook: 401 Unauthorized unless the request carries a valid access token. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler for a form protected by the configured bot protection (body field `captchaToken`). */
    captchaGuard(action: CaptchaAction): (request: FastifyRequest) => Promise<void>;
  }
}

export function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The signed-in user of a route behind `app.authenticate`. */
export function getAuthUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('Unauthorized');
  return request.user;
}

/**
 * The identity decorators of the portal scope. `authenticate` verifies the access token (algorithm,
 * signature, expiry, audience, issuer, type) and that its session was not ended, so logout and "end
 * session" take effect at once rather than when the token expires. `captchaGuard` lets any portal form
 * (contact, …) use the one configured bot protection.
 */
export const authGuard = fp(
  async (app: FastifyInstance, options: { identity: GuardIdentity }) => {
    const { identity } = options;
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = readBearerToken(request);
      if (!token) throw new AppError('Unauthorized', {}, { 'www-authenticate': 'Bearer' });
      const claims = await identity.verifyAccessToken(token);
      if (claims.imp !== undefined) {
        // "View as customer" (issue 26): only while the impersonation lasts, and only to look.
        const live =
          typeof claims.imp === 'string' && (await identity.isImpersonationLive(claims.imp, claims.sub));
        if (!live)
          throw new AppError('Unauthorized', {}, { 'www-authenticate': 'Bearer error="invalid_token"' });
        if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('ViewAsReadOnly');
        request.user = { id: claims.sub, sessionId: claims.sid, claims, impersonationId: claims.imp };
        return;
      }
      if (!(await identity.isSessionActive(claims.sid, claims.sub))) {
        throw new AppError('Unauthorized', {}, { 'www-authenticate': 'Bearer error="invalid_token"' });
      }
      request.user = { id: claims.sub, sessionId: claims.sid, claims };
    });
    app.decorate('captchaGuard', (action: CaptchaAction) => identity.captchaGuard(action));
  },
  { name: 'auth-guard' },
);
