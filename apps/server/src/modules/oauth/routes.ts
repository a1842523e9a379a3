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
import { auditContextOf } from '../audit/record.ts';
import { completeLogin } from '../auth/login-completion.ts';
import { noStore } from '../auth/no-store.ts';
import { authRateLimit } from '../auth/rate-limit.ts';
import { findUserById } from '../auth/users.ts';
import {
  callbackUrl,
  consumeState,
  createExchangeCode,
  EXCHANGE_TTL_MS,
  getClient,
  redeemExchangeCode,
  STATE_TTL_MS,
  startAuthorization,
  stateOf,
} from './oauth-flow.ts';
import type { OAuthIdentity } from './oauth-identity.ts';
import { linkIdentity, resolveSignIn } from './sign-in.ts';
import { OAuthProviderError } from './types.ts';

const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDERS) });
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

const isSecure = (identity: OAuthIdentity) => identity.config.publicUrl.startsWith('https://');

/**
 * The flow's cookie: the secret of the social sign-in or link this browser started, checked at the
 * callback and again at the exchange. Over https it is `__Host-` (Secure, Path=/, no Domain), which a
 * sibling subdomain or a plain-http page cannot plant; a cookie without the prefix is then ignored.
 */
export function flowCookieName(identity: OAuthIdentity): string {
  return isSecure(identity) ? '__Host-cotacep_oauth_flow' : 'cotacep_oauth_flow';
}

function writeFlowCookie(identity: OAuthIdentity, reply: FastifyReply, value: string, maxAgeMs: number) {
  setCookie(reply, flowCookieName(identity), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(identity),
    maxAge: maxAgeMs / 1000,
  });
}

/** Sets the cookie that binds the callback and the exchange to the browser that started the flow. */
export function setStateCookie(identity: OAuthIdentity, reply: FastifyReply, flowSecret: string): void {
  writeFlowCookie(identity, reply, flowSecret, STATE_TTL_MS);
}

function clearFlowCookie(identity: OAuthIdentity, reply: FastifyReply): void {
  clearCookie(reply, flowCookieName(identity), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(identity),
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
      const flowSecret = readCookie(request, flowCookieName(identity));
      // The state must be the one this browser was given (and, below, unspent).
      const isOwnFlow = Boolean(state && flowSecret && stateOf(flowSecret) === state);
      let isLink = false;
      try {
        if (!state || !flowSecret || !isOwnFlow) throw new AppError('OAuthStateInvalid');
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
          await linkIdentity(db, provider, providerIdentity, row.linkUserId, auditContextOf(request));
          clearFlowCookie(identity, reply);
          return reply.redirect(spaUrl('/account/settings', { linked: provider }), 302);
        }
        const language = requestLanguage(request);
        const context = auditContextOf(request);
        const userId = await resolveSignIn(db, provider, providerIdentity, language, context);
        const exchange = await createExchangeCode(identity, row.id, userId);
        // The cookie stays, for the exchange's two minutes: only this browser may redeem the code.
        writeFlowCookie(identity, reply, flowSecret, EXCHANGE_TTL_MS);
        return reply.redirect(spaUrl('/auth/login', { oauthCode: exchange }), 302);
      } catch (cause) {
        // This browser's flow ended here; a cookie of another flow of this browser stays for that flow.
        if (isOwnFlow) clearFlowCookie(identity, reply);
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
        description:
          'Only in the browser that started the sign-in: the request must carry the flow’s cookie, set by ' +
          '`/auth/oauth/{provider}/start`. A code presented without it is refused with 403 ' +
          '`OAuthBrowserMismatch` and stays valid for its own browser.',
        body: oauthExchangeRequestSchema,
        response: { 200: oauthExchangeResponseSchema },
      },
      config: authRateLimit(config),
      onSend: noStore,
    },
    async (request, reply) => {
      const flowSecret = readCookie(request, flowCookieName(identity));
      const { userId, provider, redirectTo } = await redeemExchangeCode(
        identity,
        request.body.code,
        flowSecret,
      ).catch((cause: unknown) => {
        // Someone else's code (a login CSRF link, or a code seen over a shoulder): refused, left unspent.
        if (cause instanceof AppError && cause.code === 'OAuthBrowserMismatch')
          request.log.warn({ hasFlowCookie: Boolean(flowSecret) }, 'OAuth code presented by another browser');
        throw cause;
      });
      clearFlowCookie(identity, reply);
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('OAuthStateInvalid');
      return { ...(await completeLogin(identity, request, user, provider)), redirectTo };
    },
  );
};
