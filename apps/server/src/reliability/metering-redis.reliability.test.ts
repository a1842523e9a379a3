import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcMonth } from '../modules/usage/period.ts';
import { GATEWAY_TEST_ENV } from '../test/accounts.ts';
import { redisNamespace, TEST_REDIS_URL } from '../test/redis.ts';
import { type SeededKey, seedKey } from '../test/seed-key.ts';
import { type ServerProcess, startServer } from '../test/server-process.ts';
import { storedCounts } from '../test/usage.ts';
import { figure, fireKeyedLoad } from './metering/keyed-load.ts';
import { createScratchDatabase, TEST_DATABASE_URL } from './metering/scratch-database.ts';

/**
 * Two server processes on one PostgreSQL and one Redis (decision 018): a quota counter lost from Redis
 * mid-month never lets more than the quota plus the requests in flight through, and a `kill -9` of one
 * instance under keyed load loses no acknowledged request.
 */
const isConfigured = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
const QUOTA = 1_000;
/** Long enough that an instance holds seconds of usage unwritten, as a busy one would. */
const FLUSH_INTERVAL_MS = 10_000;
const CONCURRENCY = 40;

const namespace = redisNamespace();
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let servers: ServerProcess[] = [];
let quotaKey: SeededKey;
let loadKey: SeededKey;

beforeAll(async () => {
  if (!isConfigured) return;
  scratch = await createScratchDatabase();
  const database = await scratch.open();
  quotaKey = await seedKey(database.db, { limits: { monthlyQuota: QUOTA, ratePerMinute: 1_000_000_000 } });
  loadKey = await seedKey(database.db, {
    limits: { monthlyQuota: 1_000_000_000, ratePerMinute: 1_000_000_000 },
  });
  await database.close();
  const env = {
    ...GATEWAY_TEST_ENV,
    DATABASE_URL: scratch.url,
    REDIS_URL: TEST_REDIS_URL!,
    REDIS_KEY_PREFIX: namespace.prefix,
    GATEWAY_KEY_CACHE_TTL_MS: '600000',
    USAGE_FLUSH_INTERVAL_MS: String(FLUSH_INTERVAL_MS),
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 240_000);

afterAll(async () => {
  if (!isConfigured) return;
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await namespace.clean();
  await scratch.drop();
}, 60_000);

async function storedSuccesses(keyId: string): Promise<number> {
  const database = await scratch.open();
  try {
    return (await storedCounts(database.db, keyId))[200] ?? 0;
  } finally {
    await database.close();
  }
}

describe.skipIf(!isConfigured)(
  'metering with Redis, two instances (TEST_DATABASE_URL, TEST_REDIS_URL)',
  () => {
    it('admits no more than the quota plus the requests in flight when Redis loses the quota counter', async () => {
      const redis = new Redis(TEST_REDIS_URL!);
      const counter = `${namespace.prefix}gw:{${quotaKey.userId}}:quota:${utcMonth(Date.now())}`;
      const deletions: Promise<number>[] = [];
      try {
        const load = await fireKeyedLoad({
          urls: () => servers.map((server) => server.url),
          secret: quotaKey.secret,
          total: QUOTA + 300,
          concurrency: CONCURRENCY,
          // Lost twice mid-month, as an eviction or a failover would lose it.
          onAcknowledged: (admitted) => {
            if (admitted === 350 || admitted === 700) deletions.push(redis.del(counter));
          },
        });
        expect(await Promise.all(deletions)).toEqual([1, 1]);
        const admitted = load.acknowledged;
        console.info(
          `quota counter lost twice: admitted ${figure(admitted)} on a quota of ${figure(QUOTA)}` +
            ` (target ≤ ${figure(QUOTA + CONCURRENCY)}: quota + ${CONCURRENCY} in flight)`,
        );
        expect(admitted).toBeLessThanOrEqual(QUOTA + CONCURRENCY);
        expect(admitted).toBeGreaterThanOrEqual(QUOTA - CONCURRENCY);
        expect(load.failed).toBe(0);
      } finally {
        redis.disconnect();
      }
    }, 60_000);

    it('loses no acknowledged request when one instance is killed with SIGKILL under load', async () => {
      const [victim, survivor] = servers as [ServerProcess, ServerProcess];
      let killedAt = 0;
      const load = await fireKeyedLoad({
        urls: () => (killedAt ? [survivor.url] : [victim.url, survivor.url]),
        secret: loadKey.secret,
        total: 2_000,
        concurrency: CONCURRENCY,
        onAcknowledged: (acknowledged) => {
          if (acknowledged === 800 && !killedAt) {
            killedAt = Date.now();
            victim.child.kill('SIGKILL');
          }
        },
      });
      expect(killedAt).toBeGreaterThan(0);
      // The survivor writes everyone's counts when it stops, the batch the victim was writing when it died too.
      expect(await survivor.stop()).toBe(0);
      const counted = await storedSuccesses(loadKey.key.id);
      console.info(
        `kill -9 under load, with Redis: acknowledged ${figure(load.acknowledged)} · counted ${figure(counted)}` +
          ` · lost ${figure(Math.max(0, load.acknowledged - counted))} (target 0)` +
          ` · cut off by the kill ${figure(load.failed)}`,
      );
      expect(victim.child.signalCode).toBe('SIGKILL');
      // Every acknowledged answer is counted; a request the victim had counted and answered when the kill cut
      // the answer off is counted too (its work was done), so only those may add to the count.
      expect(counted).toBeGreaterThanOrEqual(load.acknowledged);
      expect(counted).toBeLessThanOrEqual(load.acknowledged + load.failed);
    }, 60_000);
  },
);
