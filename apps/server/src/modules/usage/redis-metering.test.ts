import { once } from 'node:events';
import net from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { utcDay } from '../../lib/time.ts';
import { createTestDatabase } from '../../test/database.ts';
import { redisNamespace, TEST_REDIS_URL } from '../../test/redis.ts';
import { type SeededKey, seedKey, seedUsage } from '../../test/seed-key.ts';
import { storedCounts } from '../../test/usage.ts';
import { crashMargin } from './local-metering.ts';
import type { Metering } from './metering.ts';
import { utcMonth } from './period.ts';
import { createRedisMetering } from './redis-metering.ts';
import { writeUsageBatch } from './write-batch.ts';

const log = Fastify({ logger: false }).log;
const now = Date.now();
const day = utcDay(now);
const month = utcMonth(now);
const namespace = redisNamespace();
let database: Database;
let redis: Redis;

beforeAll(async () => {
  if (!TEST_REDIS_URL) return;
  database = await createTestDatabase();
  redis = new Redis(TEST_REDIS_URL);
});
afterAll(async () => {
  if (!TEST_REDIS_URL) return;
  redis.disconnect();
  await namespace.clean();
  await database.close();
});

/** A metering as one app instance builds it; instances of one test share a key prefix, like a deployment. */
function meteringOf(keyPrefix: string): Metering {
  // The marker a started meter writes (sent first on the shared connection): Redis has lost nothing.
  void redis.set(`${keyPrefix}usage:marker`, 'kept', 'NX');
  return createRedisMetering({ db: database.db, redis, log, keyPrefix, intervalMs: 60_000 });
}

function settle(metering: Metering, seeded: SeededKey, status: number, releasesUnit = false) {
  const { organizationId } = seeded;
  const { projectId, id: keyId } = seeded.key;
  metering.settle({ organizationId, projectId, keyId, day, month, status, now, releasesUnit });
}

describe.skipIf(!TEST_REDIS_URL)('usage counted in Redis (TEST_REDIS_URL)', () => {
  it('keeps each answer in Redis until a flush writes it, once, whichever instance flushes', async () => {
    const prefix = `${namespace.prefix}exact:`;
    const [first, second] = [meteringOf(prefix), meteringOf(prefix)];
    const seeded = await seedKey(database.db);
    for (let index = 0; index < 40; index++) settle(index % 2 ? first : second, seeded, 200);
    settle(first, seeded, 404);
    settle(second, seeded, 304);
    // Nothing is in the database yet, and nothing is in this process either: it is all in Redis.
    expect(await storedCounts(database.db, seeded.key.id)).toEqual({});
    expect(await first.monthQuotaUse(seeded.organizationId, month, 60)).toBe(41);
    const flushes = await Promise.all([first.flush(), second.flush(), first.flush(), second.flush()]);
    expect(flushes).toEqual([true, true, true, true]);
    expect(await storedCounts(database.db, seeded.key.id)).toEqual({ 200: 40, 304: 1, 404: 1 });
    expect(await second.monthQuotaUse(seeded.organizationId, month, 60)).toBe(41);
  });

  it('writes a batch whose flusher died once, through another instance, and never twice', async () => {
    const prefix = `${namespace.prefix}takeover:`;
    const seeded = await seedKey(database.db);
    const dying = meteringOf(prefix);
    for (let index = 0; index < 7; index++) settle(dying, seeded, 200);
    // The batch is taken (renamed to flushing:<id>) and written, but the instance dies before deleting it.
    const id = 'batch-of-a-dead-instance';
    await redis.rename(`${prefix}usage:pending`, `${prefix}usage:flushing:${id}`);
    await redis.hset(`${prefix}usage:flushing`, id, String(Date.now() - 3_600_000));
    const row = {
      organizationId: seeded.organizationId,
      projectId: seeded.key.projectId,
      keyId: seeded.key.id,
      day,
      status: 200,
    };
    await writeUsageBatch(database.db, [{ ...row, count: 7 }], new Map(), id);
    // Counted once while its Redis copy is still there: the database says the batch is in.
    expect(await dying.monthQuotaUse(seeded.organizationId, month, 60)).toBe(7);

    const survivor = meteringOf(prefix);
    settle(survivor, seeded, 200);
    expect(await survivor.flush()).toBe(true);
    expect(await storedCounts(database.db, seeded.key.id)).toEqual({ 200: 8 });
    expect(await redis.exists(`${prefix}usage:flushing:${id}`)).toBe(0);
  });

  it('starts a lost quota counter from the database plus what Redis has not written yet', async () => {
    const prefix = `${namespace.prefix}seed:`;
    const seeded = await seedKey(database.db);
    await seedUsage(database.db, seeded, day, 200, 5);
    await seedUsage(database.db, seeded, day, 500, 9);
    const metering = meteringOf(prefix);
    for (let index = 0; index < 3; index++) settle(metering, seeded, 200);
    settle(metering, seeded, 429, true);
    // A batch taken but not yet written (its flusher is slow) counts too.
    await redis.rename(`${prefix}usage:pending`, `${prefix}usage:flushing:slow`);
    await redis.hset(`${prefix}usage:flushing`, 'slow', String(Date.now()));
    for (let index = 0; index < 2; index++) settle(metering, seeded, 304);
    // Another account's and another month's answers do not.
    const other = await seedKey(database.db);
    settle(metering, other, 200);
    expect(await metering.monthQuotaUse(seeded.organizationId, month, 60)).toBe(5 + 3 + 2);
    expect(await metering.monthQuotaUse(seeded.organizationId, '2001-01', 60)).toBe(0);
  });

  it('starts cold counters with a margin in a month in which Redis lost its data', async () => {
    const prefix = `${namespace.prefix}lost:`;
    const seeded = await seedKey(database.db);
    await seedUsage(database.db, seeded, day, 200, 5);
    const metering = meteringOf(prefix);
    expect(await metering.monthQuotaUse(seeded.organizationId, month, 60)).toBe(5);
    // Redis restarted empty: the marker written at start is gone with the usage it held unwritten.
    await redis.del(`${prefix}usage:marker`);
    const margin = crashMargin(60, 60_000);
    expect(margin).toBe(180);
    expect(await metering.monthQuotaUse(seeded.organizationId, month, 60)).toBe(5 + margin);
    // Every cold counter of that month, whichever instance seeds it (a later start changes nothing)…
    expect(await meteringOf(prefix).monthQuotaUse(seeded.organizationId, month, 60)).toBe(5 + margin);
    // …and no other month's.
    expect(await metering.monthQuotaUse(seeded.organizationId, '2001-01', 60)).toBe(0);
  });

  it('gives a unit back in the same step as it counts the answer', async () => {
    const prefix = `${namespace.prefix}release:`;
    const seeded = await seedKey(database.db);
    const quotaKey = `${prefix}{${seeded.organizationId}}:quota:${month}`;
    await redis.set(quotaKey, 10);
    const metering = meteringOf(prefix);
    settle(metering, seeded, 500, true);
    settle(metering, seeded, 200);
    expect(await metering.flush()).toBe(true);
    expect(await redis.get(quotaKey)).toBe('9');
    expect(await storedCounts(database.db, seeded.key.id)).toEqual({ 200: 1, 500: 1 });
  });

  it('counts in process the answers whose count Redis refused, and writes them while Redis is away', async () => {
    const closed = net.createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as net.AddressInfo;
    closed.close();
    // Redis away: every command fails at once.
    const away = new Redis({ port, host: '127.0.0.1', enableOfflineQueue: false, retryStrategy: () => null });
    away.on('error', () => {});
    const metering = createRedisMetering({
      db: database.db,
      redis: away,
      log,
      keyPrefix: `${namespace.prefix}away:`,
      intervalMs: 60_000,
    });
    const seeded = await seedKey(database.db);
    try {
      settle(metering, seeded, 200);
      settle(metering, seeded, 200);
      settle(metering, seeded, 404, true);
      await new Promise((resolve) => setImmediate(resolve));
      // The flush cannot reach Redis, but what Redis refused is in the database.
      expect(await metering.flush()).toBe(false);
      expect(await storedCounts(database.db, seeded.key.id)).toEqual({ 200: 2, 404: 1 });
      expect(await metering.flush()).toBe(false);
      expect(await storedCounts(database.db, seeded.key.id)).toEqual({ 200: 2, 404: 1 });
    } finally {
      away.disconnect();
    }
  });
});
