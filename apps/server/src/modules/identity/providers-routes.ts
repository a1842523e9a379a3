import { authProvidersResponseSchema } from '@cotacep/shared/auth-responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit } from '../auth/rate-limit.ts';
import type { OAuthIdentity } from '../oauth/oauth-identity.ts';

/** What the SPA should offer: social buttons of configured providers and the one bot-protection widget. */
export const providersRoutes: FastifyPluginAsyncZod<{ identity: OAuthIdentity }> = async (
  app,
  { identity },
) => {
  const { captcha, oauth, config } = identity;
  const body = {
    social: { github: Boolean(oauth.github), google: Boolean(oauth.google) },
    captcha: {
      provider: captcha.provider,
      siteKey: captcha.siteKey,
      challengeUrl: captcha.altcha ? `${config.API_URL.replace(/\/$/, '')}/auth/captcha/altcha` : null,
    },
  };
  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Sign-in options: social providers and bot protection',
        response: { 200: authProvidersResponseSchema },
      },
      config: authRateLimit(config, 3),
    },
    async () => body,
  );
};
