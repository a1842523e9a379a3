import { oauthExchangeResponseSchema } from '@cotacep/shared/auth-responses';
import {
  OAUTH_PROVIDERS,
  oauthExchangeRequestSchema,
  oauthStartQuerySchema,
} from '@cotacep/shared/auth-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { clearCookie, readCookie, setCookie } from '../../lib/cookies.ts';
import { requestLanguage } from '../../lib/language.ts';
import { completeLogin } from '../auth/login-completion.ts';
import { noStore } from '../auth/no-store.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { findUserById } from '../auth/users.ts';
import {
  callbackUrl,
  consumeState,
  createExchangeCode,
  getClient,
  redeemExchangeCode,
  startAuthorization,
} from './oauth-flow.ts';
import type { OAuthIdentity } from './oauth-identity.ts';
import { linkIdentity, resolveSignIn } from './sign-in.ts';
import { OAuthProviderError } from './types.ts';

export const OAUTH_STATE_COOKIE = 'cotacep_oauth_state';
const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDERS) });
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/** Sets the state cookie that binds the callback to the browser that started the flow. */
export function setStateCookie(identity: OAuthIdentity, reply: FastifyReply, state: string): void {
  setCookie(reply, OAUTH_STATE_COOKIE, state, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: identity.config.publicUrl.startsWith('https://'),
    maxAge: 600,
  });
}

/** Social sign-in: start (redirect to the provider), callback (back to the SPA), exchange (tokens). */
export const oauthRoutes: FastifyPluginAsyncZod<{ identity: OAuthIdentity }> = async (app, { identity }) => {
  const { config, db } = identity;
  const spaUrl = (path: string, fragment: Record<string, string>) =>
    `${new URL(path, config.publicUrl).toString()}#${new URLSearchParams(fragment).toString()}`;

  app.get(
    '/auth/oauth/:provider/start',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Start social sign-in (redirects to the provider)',
        params: providerParams,
        querystring: oauthStartQuerySchema,
      },
      config: authRateLimit(config),
    },
    async (request, reply) => {
      const { url, state } = await startAuthorization(identity, request.params.provider, {
        redirectTo: request.query.redirect ?? null,
        linkUserId: null,
      });
      setStateCookie(identity, reply, state);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/auth/oauth/:provider/callback',
    {
      schema: {
        tags: ['Auth'],
        summary: "The provider's return (redirects to the site)",
        params: providerParams,
        querystring: callbackQuery,
      },
      config: authRateLimit(config),
      onSend: noStore,
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { code, state, error } = request.query;
      const cookieState = readCookie(request, OAUTH_STATE_COOKIE);
      clearCookie(reply, OAUTH_STATE_COOKIE, { path: '/' });
      let isLink = false;
      try {
        // The state must be the one this browser was given, and unspent.
        if (!state || !cookieState || cookieState !== state) throw new AppError('OAuthStateInvalid');
        const row = await consumeState(identity, provider, state);
        isLink = Boolean(row.linkUserId);
        if (error || !code) throw new AppError('OAuthFailed');
        const providerIdentity = await getClient(identity, provider)
          .fetchIdentity({
            code,
            codeVerifier: row.codeVerifier,
            nonce: row.nonce,
            redirectUri: callbackUrl(identity, provider),
          })
          .catch((cause: unknown) => {
            request.log.warn({ err: cause, provider }, 'OAuth provider refused');
            throw cause instanceof OAuthProviderError ? new AppError('OAuthFailed') : cause;
          });
        if (row.linkUserId) {
          await linkIdentity(db, provider, providerIdentity, row.linkUserId);
          return reply.redirect(spaUrl('/account/settings', { linked: provider }), 302);
        }
        const userId = await resolveSignIn(db, provider, providerIdentity, requestLanguage(request));
        const exchange = await createExchangeCode(identity, row.id, userId);
        return reply.redirect(spaUrl('/auth/login', { oauthCode: exchange }), 302);
      } catch (cause) {
        if (!(cause instanceof AppError)) throw cause;
        const target = isLink ? '/account/settings' : '/auth/login';
        return reply.redirect(spaUrl(target, { oauthError: cause.code }), 302);
      }
    },
  );

  app.post(
    '/auth/oauth/exchange',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Exchange a finished social sign-in for tokens',
        body: oauthExchangeRequestSchema,
        response: { 200: oauthExchangeResponseSchema },
      },
      config: authRateLimit(config),
      onSend: noStore,
    },
    async (request) => {
      const { userId, provider, redirectTo } = await redeemExchangeCode(identity, request.body.code);
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('OAuthStateInvalid');
      return { ...(await completeLogin(identity, request, user, provider)), redirectTo };
    },
  );
};
