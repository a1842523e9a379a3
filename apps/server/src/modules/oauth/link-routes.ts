import { oauthLinkResponseSchema } from '@cotacep/shared/account-schemas';
import { OAUTH_PROVIDERS } from '@cotacep/shared/auth-schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oauthAccounts } from '../../db/schema/oauth.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import type { Identity } from '../auth/identity.ts';
import { getPasswordHash } from '../auth/users.ts';
import { startAuthorization } from './oauth-flow.ts';
import { setStateCookie } from './routes.ts';

const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDERS) });

/** Linking a social identity to the signed-in account (the only way an existing account gets one), and unlinking. */
export const oauthLinkRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  app.post(
    '/account/oauth/:provider/link',
    {
      schema: {
        tags: ['Account'],
        summary: 'Link a social sign-in provider',
        params: providerParams,
        response: { 200: oauthLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const { url, state } = await startAuthorization(identity, request.params.provider, {
        redirectTo: '/account/settings',
        linkUserId: getAuthUser(request).id,
      });
      setStateCookie(identity, reply, state);
      return { url };
    },
  );

  app.delete(
    '/account/oauth/:provider',
    { schema: { tags: ['Account'], summary: 'Unlink a social sign-in provider', params: providerParams } },
    async (request, reply) => {
      const { id } = getAuthUser(request);
      const links = await identity.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, id));
      if (!links.some((link) => link.provider === request.params.provider)) throw new AppError('NotFound');
      // The last way in cannot be removed: without a password, one provider must stay.
      if (links.length === 1 && !(await getPasswordHash(identity.db, id))) throw new AppError('Forbidden');
      await identity.db
        .delete(oauthAccounts)
        .where(and(eq(oauthAccounts.userId, id), eq(oauthAccounts.provider, request.params.provider)));
      return reply.code(204).send();
    },
  );
};
