import type { FastifyPluginAsync } from 'fastify';
import type { Identity } from './identity.ts';

/** The public keys that verify our tokens, at the site root as OpenID publishes them. */
export const jwksRoutes: FastifyPluginAsync<{ identity: Identity }> = async (app, { identity }) => {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return identity.tokens.jwks;
  });
};
