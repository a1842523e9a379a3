import { oauthLinkResponseSchema } from '@cotacep/shared/account-schemas';
import { OAUTH_PROVIDERS } from '@cotacep/shared/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userRateLimit } from '../../lib/user-rate-limit.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { auditContextOf } from '../audit/record.ts';
import { requireRecentAuthentication } from '../auth/reauthentication.ts';
import { startLink, unlinkProvider } from './links.ts';
import type { OAuthIdentity } from './oauth-identity.ts';
import { setStateCookie } from './routes.ts';

const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDERS) });

/**
 * Linking a social identity to the signed-in account, and unlinking. Both need a recent
 * re-authentication (issue 22): a linked provider is a way in, so a bare access token cannot add one.
 */
export const oauthLinkRoutes: FastifyPluginAsyncZod<{ identity: OAuthIdentity }> = async (
  app,
  { identity },
) => {
  const recentAuthentication = requireRecentAuthentication(identity);
  app.post(
    '/account/oauth/:provider/link',
    {
      schema: {
        tags: ['Account'],
        summary: 'Link a social sign-in provider',
        params: providerParams,
        response: { 200: oauthLinkResponseSchema },
      },
      preHandler: recentAuthentication,
      config: userRateLimit(),
    },
    async (request, reply) => {
      const { url, state } = await startLink(identity, request.params.provider, getAuthUser(request).id);
      setStateCookie(identity, reply, state);
      return { url };
    },
  );

  app.delete(
    '/account/oauth/:provider',
    {
      schema: { tags: ['Account'], summary: 'Unlink a social sign-in provider', params: providerParams },
      preHandler: recentAuthentication,
      config: userRateLimit(),
    },
    async (request, reply) => {
      const { id } = getAuthUser(request);
      await unlinkProvider(identity.db, id, request.params.provider, auditContextOf(request));
      return reply.code(204).send();
    },
  );
};
