import { accountSessionsResponseSchema, sessionIdParamsSchema } from '@cotacep/shared/account-schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { auditContextOf, withAudit } from '../audit/record.ts';
import type { Identity } from '../auth/identity.ts';
import { listActiveSessions, revokeSession } from '../auth/tokens/sessions.ts';

/** Active sessions (devices) with the one making the request marked, and ending any of them. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db } = identity;

  app.get(
    '/account/sessions',
    {
      schema: {
        tags: ['Account'],
        summary: 'List the active sessions',
        response: { 200: accountSessionsResponseSchema },
      },
    },
    async (request) => {
      const { id, sessionId } = getAuthUser(request);
      const sessions = await listActiveSessions(db, id);
      return {
        sessions: sessions.map((session) => ({
          id: session.id,
          createdAt: session.createdAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          userAgent: session.userAgent,
          ip: session.ip,
          method: session.method,
          current: session.id === sessionId,
        })),
      };
    },
  );

  app.delete(
    '/account/sessions/:id',
    { schema: { tags: ['Account'], summary: 'End one session', params: sessionIdParamsSchema } },
    async (request, reply) => {
      const { id: userId } = getAuthUser(request);
      // Only the owner's live sessions can be ended; anything else is not found.
      const [session] = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(
          and(
            eq(authSessions.id, request.params.id),
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
          ),
        );
      if (!session) throw new AppError('NotFound');
      await withAudit(
        db,
        auditContextOf(request),
        (tx) => revokeSession(tx, session.id, 'revoked'),
        (revoked) =>
          revoked
            ? {
                event: 'auth.session_revoked',
                userId,
                target: { type: 'session', id: session.id },
                details: { scope: 'one', sessionId: session.id },
              }
            : null,
      );
      return reply.code(204).send();
    },
  );
};
