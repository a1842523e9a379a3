import { ANONYMOUS_CACHE_SECONDS, usesQuota } from '@cotacep/shared/plans';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayErrorCode } from '../../lib/public-errors.ts';
import { hashToken } from '../../lib/secrets.ts';
import { formatOfUrl, sendPublicError } from '../../lib/send-public-error.ts';
import { createCalendar, nextMonthStart } from '../usage/period.ts';
import type { Admission, WindowHit } from './counters.ts';
import type { Gateway } from './gateway.ts';
import { quotaOf, type ResolvedKey } from './key-lookup.ts';
import { createLookupLimiter } from './lookup-limiter.ts';
import { registerPreflight } from './preflight.ts';
import { isClientIpAllowed, isOriginAllowed } from './restrictions.ts';
import { readToken, TOKEN_SHAPE } from './token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the gateway for keyed requests to the public APIs (null: anonymous). */
    apiAccess: ApiAccess | null;
  }
}

/**
 * The key, the UTC day and month, and the month's quota use the admission reported (0: no unit taken),
 * which the answer either keeps (2xx, 304) or gives back.
 */
export type ApiAccess = { key: ResolvedKey; day: string; month: string; quotaUsed: number };

/** What a browser may read of an API answer: the limits, the quotes' and CEP's freshness, the request id. */
const EXPOSED_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-quota-limit',
  'x-quota-remaining',
  'x-quota-reset',
  'retry-after',
  'x-request-id',
  'x-quote-source',
  'x-quote-as-of',
  'x-cep-source',
].join(', ');

/**
 * Anonymous answers are open to every origin and cacheable for a minute (a refusal or a server error
 * overrides that with `no-store`). Only a browser reads exposed headers, and a browser always sends Origin,
 * so other clients are spared that header.
 */
const ANONYMOUS_HEADERS = {
  'access-control-allow-origin': '*',
  'cache-control': `public, max-age=${ANONYMOUS_CACHE_SECONDS}`,
};
const ANONYMOUS_BROWSER_HEADERS = { ...ANONYMOUS_HEADERS, 'access-control-expose-headers': EXPOSED_HEADERS };

function secondsToNextMinute(now: number): number {
  return 60 - Math.floor((now % 60_000) / 1000);
}

/**
 * A per-minute refusal says when to come back. Admitted answers do not carry these headers: each header
 * costs both ends of every call (decision 013), and the quota headers already come with every keyed answer.
 */
function setRateHeaders(reply: FastifyReply, limit: number, count: number, reset: number) {
  reply.headers({
    'retry-after': reset,
    'x-ratelimit-limit': limit,
    'x-ratelimit-remaining': Math.max(0, limit - count),
    'x-ratelimit-reset': reset,
  });
}

/** CORS for a public key's answer: it names only the origin the key allowed (`*` for a key open to all). */
function allowOrigin(request: FastifyRequest, reply: FastifyReply, allowed: string) {
  reply.header('access-control-allow-origin', allowed);
  if (allowed !== '*') reply.header('vary', 'Origin');
  if (request.headers.origin) reply.header('access-control-expose-headers', EXPOSED_HEADERS);
}

/**
 * The key gateway in front of the public APIs, in DESIGN.md's order: find the key (`x-api-key` header or
 * `token` parameter; SHA-256 → cache) → enabled → origin (public key) or client IP (private key) →
 * per-minute rate → monthly quota → the API's handler → usage counted when the answer is sent.
 * Registered with fastify-plugin inside the scope that holds the quotes and CEP plugins.
 */
export const gatewayGuard = fp(
  async (scope: FastifyInstance, { gateway, prefixes }: { gateway: Gateway; prefixes: string[] }) => {
    const { config, counters, meter, keys, notices } = gateway;
    const calendar = createCalendar();
    const lookups = createLookupLimiter(config.GATEWAY_INVALID_KEYS_PER_MINUTE);
    let resetMonth = '';
    let resetsAt = '';

    /** A cold quota counter's start: stored, counted but unwritten, and a crash's margin (decision 018). */
    function loadMonthUsage(organizationId: string, month: string, ratePerMinute: number): Promise<number> {
      return meter.monthQuotaUse(organizationId, month, ratePerMinute);
    }

    /** A refusal in the format of the route asked for: XML under `/xml/`, JSON elsewhere; never cached. */
    function refuse(request: FastifyRequest, reply: FastifyReply, code: GatewayErrorCode, detail = '') {
      gateway.outcomes.refused(code);
      reply.header('cache-control', 'no-store');
      sendPublicError(request, reply, { api: 'gateway', code, detail }, formatOfUrl(request.url, prefixes));
    }

    scope.decorateRequest('apiAccess', null);
    registerPreflight(scope, gateway, prefixes);

    // Each step returns nothing when it has decided at once (counters in process, key in memory) and a
    // promise when it waits (Redis, the database): the hot path makes no promise of its own.

    function onAnonymous(request: FastifyRequest, reply: FastifyReply, now: number): void | Promise<void> {
      const limit = config.GATEWAY_ANONYMOUS_PER_MINUTE;
      if (limit === 0) return refuse(request, reply, 'missing_token');
      const hit = counters.hit(`ip:${request.ip}`, limit, Math.floor(now / 60_000));
      if (hit instanceof Promise) return hit.then((done) => answerAnonymous(request, reply, now, done));
      answerAnonymous(request, reply, now, hit);
    }

    function answerAnonymous(request: FastifyRequest, reply: FastifyReply, now: number, hit: WindowHit) {
      reply.headers(request.headers.origin ? ANONYMOUS_BROWSER_HEADERS : ANONYMOUS_HEADERS);
      if (hit.allowed) return gateway.outcomes.admitted('anonymous');
      const reset = secondsToNextMinute(now);
      setRateHeaders(reply, config.GATEWAY_ANONYMOUS_PER_MINUTE, hit.count, reset);
      refuse(request, reply, 'anonymous_rate_limited', `${reset}`);
    }

    function onUnknownKey(request: FastifyRequest, reply: FastifyReply, minute: number) {
      lookups.recordFailure(request.ip, minute);
      refuse(request, reply, 'invalid_token');
    }

    function onKeyed(
      request: FastifyRequest,
      reply: FastifyReply,
      key: ResolvedKey,
      now: number,
    ): void | Promise<void> {
      const { day, month } = calendar(now);
      if (key.graceEndsAt !== null && now >= key.graceEndsAt) return refuse(request, reply, 'expired_token');
      const access: ApiAccess = { key, day, month, quotaUsed: 0 };
      request.apiAccess = access;
      // Staff suspended the organization, or its only person is closing their account (issue 26).
      if (key.suspended) return refuse(request, reply, 'organization_suspended');
      if (key.keysStopped) return refuse(request, reply, 'organization_keys_stopped');
      if (!key.enabled) return refuse(request, reply, 'disabled_token');
      if (key.kind === 'public') {
        const origin = request.headers.origin;
        if (!isOriginAllowed(key, origin)) return refuse(request, reply, 'origin_not_allowed');
        allowOrigin(request, reply, origin ?? '*');
      } else if (!isClientIpAllowed(key, request.ip)) {
        // A private key answers no browser: no CORS permission at all.
        return refuse(request, reply, 'ip_not_allowed');
      }
      const { limits, organizationId } = key;
      const admission = counters.admit({
        accountId: organizationId,
        ratePerMinute: limits.ratePerMinute,
        monthlyQuota: quotaOf(key, month),
        month,
        minute: Math.floor(now / 60_000),
        loadMonthUsage,
      });
      if (admission instanceof Promise) {
        return admission.then((done) => answerKeyed(request, reply, access, now, done));
      }
      answerKeyed(request, reply, access, now, admission);
    }

    function answerKeyed(
      request: FastifyRequest,
      reply: FastifyReply,
      access: ApiAccess,
      now: number,
      admission: Admission,
    ) {
      const { limits } = access.key;
      const { month } = access;
      const quota = quotaOf(access.key, month);
      if (month !== resetMonth) [resetMonth, resetsAt] = [month, nextMonthStart(now).toISOString()];
      reply.headers({
        'x-quota-limit': quota,
        'x-quota-remaining': Math.max(0, quota - admission.quotaUsed),
        'x-quota-reset': resetsAt,
      });
      if (admission.outcome === 'rate_limited') {
        const reset = secondsToNextMinute(now);
        setRateHeaders(reply, limits.ratePerMinute, admission.rateCount, reset);
        refuse(request, reply, 'rate_limited', `${reset}`);
      } else if (admission.outcome === 'quota_exceeded') {
        refuse(request, reply, 'quota_exceeded', resetsAt);
      } else {
        access.quotaUsed = admission.quotaUsed;
        gateway.outcomes.admitted('keyed');
      }
    }

    function judge(request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
      const now = Date.now();
      const token = readToken(request);
      if (token === null) return onAnonymous(request, reply, now);
      const hash = hashToken(token);
      const key = keys.peek(hash);
      if (key) return onKeyed(request, reply, key, now);
      // Only a secret memory cannot vouch for has its shape checked: nothing malformed is ever read.
      const minute = Math.floor(now / 60_000);
      if (key === null || !TOKEN_SHAPE.test(token)) return onUnknownKey(request, reply, minute);
      if (lookups.isBlocked(request.ip, minute)) {
        const reset = `${secondsToNextMinute(now)}`;
        return refuse(request, reply.header('retry-after', reset), 'invalid_token_limit', reset);
      }
      return Promise.resolve(keys.get(hash)).then((loaded) =>
        loaded ? onKeyed(request, reply, loaded, now) : onUnknownKey(request, reply, minute),
      );
    }

    function onJudgeError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
      request.log.error({ err: error }, 'gateway could not judge the request');
      refuse(request, reply, 'unavailable');
    }

    // A callback hook: a request judged at once goes on without a promise. Preflights are answered by
    // `registerPreflight` and judged with the real request that follows.
    scope.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'OPTIONS') return done();
      let pending: void | Promise<void>;
      try {
        pending = judge(request, reply);
      } catch (error) {
        onJudgeError(request, reply, error);
        return done();
      }
      if (!pending) return done();
      pending.then(
        () => done(),
        (error: unknown) => {
          onJudgeError(request, reply, error);
          done();
        },
      );
    });

    // Every answer is metered, right before it is written (decision 018): with Redis the count is on its
    // way to Redis before the answer is on its way to the client. Only a 2xx or 304 keeps the unit its
    // admission took (decision 007); any other answer gives it back in the same step. A kept unit at 80 %
    // of the quota or more may be a notice's turn. Synchronous, so it stays the last onSend hook's work
    // before Fastify writes the answer.
    scope.addHook('onSend', (request, reply, payload, done) => {
      const access = request.apiAccess;
      if (access) {
        // Counted once even if an error's answer replaces this one and comes through here again.
        request.apiAccess = null;
        const { key, day, month, quotaUsed } = access;
        const status = reply.statusCode;
        const keepsUnit = usesQuota(status);
        meter.settle({
          organizationId: key.organizationId,
          projectId: key.projectId,
          keyId: key.keyId,
          day,
          month,
          status,
          now: Date.now(),
          releasesUnit: quotaUsed > 0 && !keepsUnit,
        });
        const quota = quotaOf(key, month);
        if (quotaUsed > 0 && keepsUnit && quotaUsed * 5 >= quota * 4) {
          notices.reached(key.organizationId, month, quotaUsed, quota);
        }
      }
      done(null, payload);
    });
  },
  { name: 'gateway-guard' },
);
