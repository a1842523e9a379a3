import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createLocalMetering } from '../usage/local-metering.ts';
import type { Metering } from '../usage/metering.ts';
import { createQuotaNotices, type QuotaNotices } from '../usage/quota-notices.ts';
import { createRedisMetering } from '../usage/redis-metering.ts';
import { type Counters, createCounters } from './counters.ts';
import { createKeyInvalidation, type KeyInvalidation } from './invalidation.ts';
import { createKeyCache, type KeyCache } from './key-cache.ts';
import { findKeyByHash } from './key-lookup.ts';

/** The parts of the hot path, built once per app and shared by the public APIs' guard and the portal. */
export type Gateway = {
  config: Config;
  db: Db;
  counters: Counters;
  /** Counts every keyed answer: in process, or in Redis when there is one (decision 018). */
  meter: Metering;
  keys: KeyCache;
  invalidation: KeyInvalidation;
  /** Quota e-mails at 80 % and 100 % of the month. */
  notices: QuotaNotices;
  /** Told of every admission and refusal (the metrics' counters when they are on; nothing otherwise). */
  outcomes: GatewayOutcomes;
  /** Writes the last usage and lets go of Redis subscriptions; for the app's onClose. */
  close(): Promise<void>;
};

export type GatewayOutcomes = {
  admitted(kind: 'keyed' | 'anonymous'): void;
  refused(reason: string): void;
};

const IGNORED_OUTCOMES: GatewayOutcomes = { admitted() {}, refused() {} };

export async function createGateway(options: {
  config: Config;
  db: Db;
  redis: Redis | null;
  log: FastifyBaseLogger;
  /** Sends the quota notices. */
  mailer: Mailer;
}): Promise<Gateway> {
  const { config, db, redis, log, mailer } = options;
  const prefix = config.REDIS_KEY_PREFIX;
  const keys = createKeyCache({
    load: (hash) => findKeyByHash(db, hash),
    ttlMs: config.GATEWAY_KEY_CACHE_TTL_MS,
    onRefreshError: (error) => log.warn({ err: error }, 'api key cache: background re-read failed'),
  });
  const invalidation = await createKeyInvalidation({ cache: keys, redis, channel: `${prefix}keys`, log });
  const keyPrefix = `${prefix}gw:`;
  const counters = createCounters(redis, keyPrefix, (error) =>
    log.warn({ err: error }, 'quota unit could not be given back'),
  );
  const intervalMs = config.USAGE_FLUSH_INTERVAL_MS;
  const meter = redis
    ? createRedisMetering({ db, redis, log, keyPrefix, intervalMs })
    : createLocalMetering({ db, log, counters, intervalMs });
  const notices = createQuotaNotices({
    db,
    mailer,
    log,
    appName: config.APP_NAME,
    publicUrl: config.publicUrl,
  });
  await meter.start();
  return {
    config,
    db,
    counters,
    meter,
    keys,
    invalidation,
    notices,
    outcomes: IGNORED_OUTCOMES,
    async close() {
      await meter.stop();
      await notices?.settle();
      await invalidation.close();
      await counters.close();
    },
  };
}
