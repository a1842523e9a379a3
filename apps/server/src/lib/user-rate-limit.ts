import type { FastifyRequest } from 'fastify';

/** Calls a minute one signed-in user may make to one such route: far above any person's clicking. */
export const USER_ACTION_LIMIT_PER_MINUTE = 30;

/**
 * Per-user limit for a state-changing route that takes no body (issue 22: checkout cancel, billing portal,
 * key delete…): each route counts apart, per signed-in user (the route's limit runs after its scope's
 * `authenticate`), or per IP where no user is known; over it answers 429 TooManyRequests.
 */
export function userRateLimit(max = USER_ACTION_LIMIT_PER_MINUTE) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : request.ip),
    },
  };
}
