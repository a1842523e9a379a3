import { z } from 'zod';

/** The metrics endpoint's setting (issue 28); spread into config.ts's envSchema. */
export const metricsEnv = {
  /**
   * Turns on `GET /metrics` (Prometheus), answered only to `Authorization: Bearer <token>`; without it the
   * route does not exist. nginx never passes `/metrics` on (deploy/nginx/nginx.conf).
   */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
};
