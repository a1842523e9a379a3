import { ANONYMOUS_RATE_PER_MINUTE } from '@cotacep/shared/plans';
import { z } from 'zod';
import { milliseconds } from '../../lib/env-fields.ts';

/** The key gateway's and the usage meter's settings, spread into config.ts's envSchema. */
export const gatewayEnv = {
  /** Requests per minute per client IP without a key; 0 makes a key mandatory. */
  GATEWAY_ANONYMOUS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .default(ANONYMOUS_RATE_PER_MINUTE),
  /** Unknown keys one client IP may try per minute before its uncached keys are refused unread. */
  GATEWAY_INVALID_KEYS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** How long a looked-up key is trusted before it is read again (changes invalidate it at once). */
  GATEWAY_KEY_CACHE_TTL_MS: milliseconds(0, 3_600_000, 30_000),
  /** The longest time counted usage waits in memory before it is written. */
  USAGE_FLUSH_INTERVAL_MS: milliseconds(20, 60_000, 1_000),
  /** Prefix of every Redis key and channel the gateway uses, so installations can share a Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'letters, digits and : _ . - only, at most 64')
    .default('cotacep:'),
};
