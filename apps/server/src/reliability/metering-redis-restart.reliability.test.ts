import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEST_ENV } from '../test/accounts.ts';
import { type SeededKey, seedKey } from '../test/seed-key.ts';
import { type ServerProcess, startServer } from '../test/server-process.ts';
import { storedCounts } from '../test/usage.ts';
import { countWithin, figure, fireKeyedLoad } from './metering/keyed-load.ts';
import { HAS_REDIS_SERVER, startRedisServer } from './metering/redis-process.ts';
import { createScratchDatabase, TEST_DATABASE_URL } from './metering/scratch-database.ts';

/**
 * Two server processes on one PostgreSQL and a private `redis-server` (decision 018), which is killed
 * under keyed load and started again empty on the same port: its quota counter and the usage it held
 * unwritten are gone. The quota is never exceeded by more than the requests in flight (the counter starts
 * again with the crash margin), the gateway answers its documented 503 while Redis is away and no other
 * 5xx, it recovers without a restart, and what the usage tables miss is at most what Redis held unwritten.
 */
if (!HAS_REDIS_SERVER) {
  console.warn('metering-redis-restart: skipped, no redis-server binary on the PATH (CI installs one)');
}
const isConfigured = Boolean(TEST_DATABASE_URL) && HAS_REDIS_SERVER;
const QUOTA = 2_000;
const CONCURRENCY = 40;
/** Long enough that Redis holds seconds of usage unwritten when it dies, as under a busy flush. */
const FLUSH_INTERVAL_MS = 5_000;
/** How long Redis stays away. */
const DOWN_MS = 1_500;
/** A batch an instance took but had not read back when Redis died is lost with it. */
const TAKE_SLACK_MS = 500;
/** After Redis is back, how long the instances may take to reconnect (ioredis backs off up to 2 s). */
const RECOVERY_MS = 5_000;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let redis: Awaited<ReturnType<typeof startRedisServer>>;
let servers: ServerProcess[] = [];
let key: SeededKey;

beforeAll(async () => {
  if (!isConfigured) return;
  scratch = await createScratchDatabase();
  const database = await scratch.open();
  // No rate limit to speak of: the margin a counter restarted after the loss takes (two minutes of the
  // rate) then covers the rest of the quota, and every later call is refused for quota.
  key = await seedKey(database.db, { limits: { monthlyQuota: QUOTA, ratePerMinute: 1_000_000_000 } });
  await database.close();
  redis = await startRedisServer();
  const env = {
    ...GATEWAY_TEST_ENV,
    DATABASE_URL: scratch.url,
    REDIS_URL: redis.url,
    GATEWAY_KEY_CACHE_TTL_MS: '600000',
    USAGE_FLUSH_INTERVAL_MS: String(FLUSH_INTERVAL_MS),
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 240_000);

afterAll(async () => {
  if (!isConfigured) return;
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await redis?.kill();
  await scratch?.drop();
}, 60_000);

type Answer = { status: number; code: string | null };

const codeOf = (body: string) => {
  try {
    return (JSON.parse(body) as { code?: string }).code ?? null;
  } catch {
    return null;
  }
};

async function call(url: string): Promise<Answer> {
  const response = await fetch(`${url}/quotes/json/last/USD-BRL`, { headers: { 'x-api-key': key.secret } });
  return { status: response.status, code: codeOf(await response.text()) };
}

/** Asks until the answer is not a 503 (Redis reached again) or `RECOVERY_MS` has passed. */
async function recovered(url: string): Promise<Answer> {
  const deadline = Date.now() + RECOVERY_MS;
  let answer = await call(url);
  while (answer.status === 503 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await call(url);
  }
  return answer;
}

describe.skipIf(!isConfigured)(
  'metering with Redis restarted empty under load, two instances (TEST_DATABASE_URL, redis-server)',
  () => {
    it('keeps the quota, loses at most what Redis held unwritten, and answers 503 only while it is away', async () => {
      let killedAt = 0;
      let restartedAt = 0;
      let restarted: Promise<void> | null = null;
      const unavailable: { code: string | null; at: number }[] = [];
      const otherErrors: number[] = [];
      const load = await fireKeyedLoad({
        urls: () => servers.map((server) => server.url),
        secret: key.secret,
        total: 4_000,
        concurrency: CONCURRENCY,
        onAcknowledged: (admitted) => {
          if (admitted !== 600 || killedAt) return;
          killedAt = Date.now();
          restarted = redis
            .kill()
            .then(() => new Promise((resolve) => setTimeout(resolve, DOWN_MS)))
            .then(() => redis.start())
            .then(() => {
              restartedAt = Date.now();
            });
        },
        onAnswer: ({ status, body, at }) => {
          if (status === 503) unavailable.push({ code: codeOf(body), at });
          else if (status >= 500) otherErrors.push(status);
        },
      });
      expect(killedAt).toBeGreaterThan(0);
      await restarted;
      const afterwards = await Promise.all(servers.map((server) => recovered(server.url)));
      const refusedCounts = servers
        .map((server) => server.output().split('an answer could not be counted in Redis').length - 1)
        .reduce((sum, count) => sum + count, 0);
      // SIGTERM: each instance writes what Redis holds unwritten before it exits.
      for (const server of servers) expect(await server.stop()).toBe(0);
      const database = await scratch.open();
      const counted = (await storedCounts(database.db, key.key.id))[200] ?? 0;
      await database.close();

      const admitted = load.acknowledged;
      const acknowledged = admitted + afterwards.filter((answer) => answer.status === 200).length;
      const lost = Math.max(0, acknowledged - counted);
      // What Redis held unwritten when it died (decision 018): the answers since the last batch an instance
      // took (one interval, and a batch taken but not yet read back), and those whose count was on its way.
      const window = FLUSH_INTERVAL_MS + TAKE_SLACK_MS;
      const lostBound = countWithin(load.acknowledgedAt, killedAt - window, killedAt) + CONCURRENCY;
      const outside = unavailable.filter(({ at }) => at < killedAt || at > restartedAt + RECOVERY_MS);
      console.info(
        `Redis killed and restarted empty under load: admitted ${figure(admitted)} on a quota of ${figure(QUOTA)}` +
          ` (target ≤ ${figure(QUOTA + CONCURRENCY)}: quota + ${CONCURRENCY} in flight)` +
          ` · acknowledged ${figure(acknowledged)} · counted ${figure(counted)} · lost ${figure(lost)}` +
          ` (target ≤ ${figure(lostBound)}: answered in the last ${figure(window)} ms before the kill + ${CONCURRENCY} in flight)` +
          ` · counts Redis refused ${figure(refusedCounts)}` +
          ` · 503 while Redis was away ${figure(unavailable.length - outside.length)} (target > 0)` +
          ` · 503 outside the outage ${figure(outside.length)} (target 0)` +
          ` · other 5xx ${figure(otherErrors.length)} (target 0) · cut off ${figure(load.failed)} (target 0)` +
          ` · answers after the restart ${afterwards.map(({ status, code }) => `${status} ${code ?? ''}`.trim()).join(', ')}` +
          ` (target 200 or 429 quota_exceeded)`,
      );
      // While Redis is away the gateway fails closed with its documented 503 (decision 010), nothing else.
      expect(unavailable.length).toBeGreaterThan(0);
      expect(new Set(unavailable.map(({ code }) => code))).toEqual(new Set(['unavailable']));
      expect(outside).toEqual([]);
      expect(otherErrors).toEqual([]);
      expect(load.failed).toBe(0);
      // Recovered by themselves: each instance answers again, and the quota holds.
      for (const answer of afterwards) {
        expect([200, 429]).toContain(answer.status);
        if (answer.status === 429) expect(answer.code).toBe('quota_exceeded');
      }
      expect(load.statuses.get(429) ?? 0).toBeGreaterThan(0);
      expect(admitted).toBeLessThanOrEqual(QUOTA + CONCURRENCY);
      expect(lost).toBeLessThanOrEqual(lostBound);
    }, 90_000);
  },
);
