import { messageResponseSchema, tokenSetSchema } from '@cotacep/shared/auth-responses';
import { logoutRequestSchema, tokenRefreshRequestSchema } from '@cotacep/shared/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { readBearerToken } from '../../plugins/auth-guard.ts';
import type { Identity } from './identity.ts';
import { authMessage } from './messages.ts';
import { noStore } from './no-store.ts';
import { authRateLimit } from './rate-limit.ts';
import { findSessionIdByRefreshToken, revokeSession, rotateRefreshToken } from './tokens/sessions.ts';
import { findUserById } from './users.ts';

/** Refresh with rotation (spec §7) and logout. */
export const tokenRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, config } = identity;

  app.post(
    '/auth/token/refresh',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Renew the access token (the refresh token rotates)',
        body: tokenRefreshRequestSchema,
        response: { 200: tokenSetSchema },
      },
      config: authRateLimit(config, 3),
      onSend: noStore,
    },
    async (request) => {
      const rotated = await rotateRefreshToken(db, request.body.refreshToken, {
        secret: identity.codes.secret,
        reuseIntervalSeconds: config.REFRESH_REUSE_INTERVAL_SECONDS,
      });
      const user = await findUserById(db, rotated.userId);
      if (!user) throw new AppError('RefreshTokenInvalid');
      return {
        ...(await identity.tokens.issue(user, rotated.sessionId)),
        refreshToken: rotated.refreshToken,
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['Auth'],
        summary: 'End the session of the access or refresh token',
        // The body may be left out: the bearer token alone names the session (issue 22). Fastify validates
        // a missing body as null, which `.optional()` refused with a 400 that left the session alive.
        body: z.preprocess((value) => value ?? {}, logoutRequestSchema),
        response: { 200: messageResponseSchema },
      },
      config: authRateLimit(config),
    },
    async (request) => {
      const sessions = new Set<string>();
      const bearer = readBearerToken(request);
      if (bearer) {
        const claims = await identity.tokens.verifyAccessToken(bearer).catch(() => null);
        if (claims) sessions.add(claims.sid);
      }
      if (request.body.refreshToken) {
        const sessionId = await findSessionIdByRefreshToken(db, request.body.refreshToken);
        if (sessionId) sessions.add(sessionId);
      }
      for (const sessionId of sessions) await revokeSession(db, sessionId, 'logout');
      return { message: authMessage(request, 'loggedOut') };
    },
  );
};
