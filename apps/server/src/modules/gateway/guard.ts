import { ANONYMOUS_CACHE_SECONDS } from '@cotacep/shared/plans';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLanguage } from '../../lib/language.ts';
import { getMonthQuotaUse } from '../usage/month-usage.ts';
import { createCalendar, nextMonthStart } from '../usage/period.ts';
import type { Gateway } from './gateway.ts';
import type { ResolvedKey } from './key-lookup.ts';
import { createLookupLimiter } from './lookup-limiter.ts';
import { registerPreflight } from './preflight.ts';
import { type GatewayErrorCode, gatewayErrorBody } from './public-errors.ts';
import { isClientIpAllowed, isOriginAllowed } from './restrictions.ts';
import { hashToken, readToken, TOKEN_SHAPE } from './token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the gateway for requests to the public APIs: the key used (null: anonymous) and the day. */
    apiAccess: ApiAccess | null;
  }
  interface FastifyContextConfig {
    /** `false` leaves a route under a public API's prefix outside the gateway (documents, status). */
    gateway?: boolean;
  }
}

export type ApiAccess = { key: ResolvedKey | null; day: string; corsOrigin: string | null };

const EXPOSED_HEADERS =
  'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, x-quota-limit, x-quota-remaining, x-quota-reset, retry-after';

function refuse(request: FastifyRequest, reply: FastifyReply, code: GatewayErrorCode, detail = '') {
  const body = gatewayErrorBody(code, requestLanguage(request), detail);
  reply.code(body.status).header('cache-control', 'no-store').type('application/json; charset=utf-8');
  return reply.send(JSON.stringify(code === 'quota_exceeded' ? { ...body, resetsAt: detail } : body));
}

function setCorsAndCaching(request: FastifyRequest, reply: FastifyReply, access: ApiAccess) {
  if (access.corsOrigin) {
    reply.header('access-control-allow-origin', access.corsOrigin);
    // Only a browser reads the exposed headers, and a browser always sends Origin.
    if (request.headers.origin) {
      const exposed = reply.getHeader('access-control-expose-headers');
      reply.header(
        'access-control-expose-headers',
        exposed ? `${exposed}, ${EXPOSED_HEADERS}` : EXPOSED_HEADERS,
      );
    }
    if (access.corsOrigin !== '*') reply.header('vary', 'Origin');
  } else {
    // CORS answers name only origins the key allows; a private key allows none.
    reply.removeHeader('access-control-allow-origin');
  }
  if (!access.key && reply.statusCode === 200) {
    reply.header('cache-control', `public, max-age=${ANONYMOUS_CACHE_SECONDS}`);
  }
}

/**
 * The key gateway in front of the public APIs, in DESIGN.md's order: find the key (`x-api-key` header or
 * `token` parameter; SHA-256 → cache) → enabled → origin (public key) or client IP (private key) →
 * per-minute rate → monthly quota → the API's handler → usage counted when the answer is sent.
 * Registered with fastify-plugin inside the scope that holds the quotes and CEP plugins.
 */
export const gatewayGuard = fp(
  async (scope: FastifyInstance, { gateway, prefixes }: { gateway: Gateway; prefixes: string[] }) => {
    const { config, counters, meter, keys, db } = gateway;
    const calendar = createCalendar();
    const lookups = createLookupLimiter(config.GATEWAY_INVALID_KEYS_PER_MINUTE);
    let resetMonth = '';
    let resetsAt = '';

    scope.decorateRequest('apiAccess', null);
    registerPreflight(scope, gateway, prefixes);

    async function onAnonymous(request: FastifyRequest, reply: FastifyReply, now: number, day: string) {
      const limit = config.GATEWAY_ANONYMOUS_PER_MINUTE;
      if (limit === 0) return refuse(request, reply, 'missing_token');
      request.apiAccess = { key: null, day, corsOrigin: '*' };
      const hit = await counters.hit(`ip:${request.ip}`, limit, Math.floor(now / 60_000));
      const reset = 60 - Math.floor((now % 60_000) / 1000);
      reply.headers({
        'x-ratelimit-limit': limit,
        'x-ratelimit-remaining': Math.max(0, limit - hit.count),
        'x-ratelimit-reset': reset,
      });
      if (!hit.allowed)
        return refuse(request, reply.header('retry-after', reset), 'anonymous_rate_limited', `${reset}`);
    }

    function onUnknownKey(request: FastifyRequest, reply: FastifyReply, minute: number) {
      lookups.recordFailure(request.ip, minute);
      return refuse(request, reply, 'invalid_token');
    }

    async function onKeyed(request: FastifyRequest, reply: FastifyReply, key: ResolvedKey, now: number) {
      const { day, month } = calendar(now);
      if (key.graceEndsAt !== null && now >= key.graceEndsAt) return refuse(request, reply, 'expired_token');
      const origin = request.headers.origin;
      request.apiAccess = { key, day, corsOrigin: null };
      if (!key.enabled) return refuse(request, reply, 'disabled_token');
      if (key.kind === 'public') {
        if (!isOriginAllowed(key, origin)) return refuse(request, reply, 'origin_not_allowed');
        request.apiAccess.corsOrigin = origin ?? '*';
      } else if (!isClientIpAllowed(key, request.ip)) {
        return refuse(request, reply, 'ip_not_allowed');
      }
      const { limits, userId } = key;
      const admission = await counters.admit({
        accountId: userId,
        ratePerMinute: limits.ratePerMinute,
        monthlyQuota: limits.monthlyQuota,
        month,
        minute: Math.floor(now / 60_000),
        loadMonthUsage: async () =>
          (await getMonthQuotaUse(db, userId, now)) + meter.unflushedQuotaUse(userId, month),
      });
      if (month !== resetMonth) [resetMonth, resetsAt] = [month, nextMonthStart(now).toISOString()];
      const reset = 60 - Math.floor((now % 60_000) / 1000);
      reply.headers({
        'x-ratelimit-limit': limits.ratePerMinute,
        'x-ratelimit-remaining': Math.max(0, limits.ratePerMinute - admission.rateCount),
        'x-ratelimit-reset': reset,
        'x-quota-limit': limits.monthlyQuota,
        'x-quota-remaining': Math.max(0, limits.monthlyQuota - admission.quotaUsed),
        'x-quota-reset': resetsAt,
      });
      if (admission.outcome === 'rate_limited') {
        return refuse(request, reply.header('retry-after', reset), 'rate_limited', `${reset}`);
      }
      if (admission.outcome === 'quota_exceeded') return refuse(request, reply, 'quota_exceeded', resetsAt);
    }

    scope.addHook('onRequest', async (request, reply) => {
      if (request.method === 'OPTIONS' || request.routeOptions.config?.gateway === false) return;
      const now = Date.now();
      const token = readToken(request);
      try {
        if (token === null) return await onAnonymous(request, reply, now, calendar(now).day);
        const minute = Math.floor(now / 60_000);
        if (!TOKEN_SHAPE.test(token)) return onUnknownKey(request, reply, minute);
        const hash = hashToken(token);
        let key = keys.peek(hash);
        if (key === undefined) {
          if (lookups.isBlocked(request.ip, minute)) {
            const reset = `${60 - Math.floor((now % 60_000) / 1000)}`;
            return refuse(request, reply.header('retry-after', reset), 'invalid_token_limit', reset);
          }
          key = await keys.get(hash);
        }
        if (!key) return onUnknownKey(request, reply, minute);
        return await onKeyed(request, reply, key, now);
      } catch (error) {
        request.log.error({ err: error }, 'gateway could not judge the request');
        return refuse(request, reply, 'unavailable');
      }
    });

    // Callback hooks: no promise per request on the hot path.
    scope.addHook('onSend', (request, reply, payload, done) => {
      const access = request.apiAccess;
      if (access) setCorsAndCaching(request, reply, access);
      done(null, payload);
    });

    scope.addHook('onResponse', (request, reply, done) => {
      const access = request.apiAccess;
      const key = access?.key;
      if (key) meter.record(key.userId, key.projectId, key.keyId, access.day, reply.statusCode, Date.now());
      done();
    });
  },
  { name: 'gateway-guard' },
);
