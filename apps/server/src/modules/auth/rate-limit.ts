import type { Config } from '../../config.ts';

/** Per-IP limit for one auth route (each route counts apart); over it answers 429 TooManyRequests. */
export function authRateLimit(config: Config, factor = 1) {
  return {
    rateLimit: {
      max: config.AUTH_RATE_LIMIT_MAX * factor,
      timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
  };
}
