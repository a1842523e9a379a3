import { randomUUID } from 'node:crypto';
import { usesQuota } from '@cotacep/shared/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { createHourlyPruner } from './hourly-pruner.ts';
import { crashMargin } from './local-metering.ts';
import { createUsageMeter } from './meter.ts';
import type { Metering } from './metering.ts';
import { getMonthQuotaUseAndFlushes } from './month-usage.ts';
import { hourStart } from './period.ts';
import { quotaKeyOf } from './quota-key.ts';
import { withUsageScripts } from './redis-usage-scripts.ts';
import { type UsageRow, writeUsageBatch } from './write-batch.ts';

type RedisMeteringOptions = {
  db: Db;
  redis: Redis;
  log: FastifyBaseLogger;
  /** The gateway's key prefix (`<REDIS_KEY_PREFIX>gw:`), the counters' own. */
  keyPrefix: string;
  intervalMs: number;
};

/** A batch taken this long ago and still in Redis lost its flusher: another instance writes it. */
const staleAfter = (intervalMs: number) => Math.max(5_000, 2 * intervalMs);

/** `account|project|key|day|hour|status` → the row it counts. */
function parseField(field: string, count: number): UsageRow | null {
  const [organizationId, projectId, keyId, day, hour, status] = field.split('|');
  if (!organizationId || !projectId || !keyId || !day || !hour || !status) return null;
  return { organizationId, projectId, keyId, day, hour: Number(hour), status: Number(status), count };
}

function parseBatch(fields: Record<string, string>) {
  const rows: UsageRow[] = [];
  const lastUsed = new Map<string, number>();
  for (const [field, value] of Object.entries(fields)) {
    if (field.startsWith('@')) lastUsed.set(field.slice(1), Number(value));
    else {
      const row = parseField(field, Number(value));
      if (row) rows.push(row);
    }
  }
  return { rows, lastUsed };
}

/**
 * With Redis (decision 018): an answer is counted in Redis by the script that also gives its quota unit
 * back, sent before the answer is written, so an instance killed at any moment loses no answer a client
 * received. Any instance flushes everyone's counts to the database every `intervalMs`, idempotently.
 * An answer whose count Redis refused (Redis away) is counted in process instead and written straight to
 * the database with the next flush, as without Redis.
 */
export function createRedisMetering({
  db,
  redis: client,
  log,
  keyPrefix,
  intervalMs,
}: RedisMeteringOptions): Metering {
  const redis = withUsageScripts(client);
  const pendingKey = `${keyPrefix}usage:pending`;
  const indexKey = `${keyPrefix}usage:flushing`;
  const flushingPrefix = `${keyPrefix}usage:flushing:`;
  /** `kept` from the first start on; `lost:<month>` once found missing (Redis lost its data that month). */
  const markerKey = `${keyPrefix}usage:marker`;
  const pruneHourly = createHourlyPruner(db, log);
  /** Answers whose count could not reach Redis: counted here, written by this instance's flushes. */
  const refused = createUsageMeter({ db, log, intervalMs });
  /** Batches of ours whose write failed: tried again first, before anything new is taken. */
  const retry = new Set<string>();
  let running: Promise<boolean> | null = null;
  let flushedAt: number | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function writeBatch(id: string): Promise<boolean> {
    const { rows, lastUsed } = parseBatch(await redis.hgetall(`${flushingPrefix}${id}`));
    try {
      await writeUsageBatch(db, rows, lastUsed, id);
    } catch (error) {
      retry.add(id);
      log.warn(
        { err: error, rows: rows.length },
        'usage flush failed; the batch stays in Redis and is retried',
      );
      return false;
    }
    retry.delete(id);
    await redis.cotacepUsageDone(`${flushingPrefix}${id}`, indexKey, id);
    return true;
  }

  /** `staleMs`: how old another flusher's batch must be to be taken over (0 at shutdown: all of them). */
  async function flushOnce(staleMs: number): Promise<boolean> {
    // First what Redis refused: it needs no Redis, so it is written while Redis is away too.
    if (!(await refused.flush())) return false;
    const now = Date.now();
    const ids = [...retry, ...(await redis.cotacepUsageClaimStale(indexKey, now, staleMs))];
    for (const id of new Set(ids)) if (!(await writeBatch(id))) return false;
    const id = randomUUID();
    const taken = await redis.cotacepUsageTake(pendingKey, `${flushingPrefix}${id}`, indexKey, id, now);
    if (taken === 1 && !(await writeBatch(id))) return false;
    await pruneHourly();
    return true;
  }

  // One flush at a time per instance; instances among themselves are kept apart by the scripts.
  async function flushWith(staleMs: number): Promise<boolean> {
    while (running) await running;
    running = flushOnce(staleMs).catch((error: unknown) => {
      log.warn({ err: error }, 'usage flush from Redis failed');
      return false;
    });
    try {
      const flushed = await running;
      if (flushed) flushedAt = Date.now();
      return flushed;
    } finally {
      running = null;
    }
  }

  const metering: Metering = {
    kind: 'redis',
    settle({ organizationId, projectId, keyId, day, month, status, now, releasesUnit }) {
      const field = `${organizationId}|${projectId}|${keyId}|${day}|${hourStart(now)}|${status}`;
      redis
        .cotacepUsageSettle(
          pendingKey,
          quotaKeyOf(keyPrefix, organizationId, month),
          field,
          releasesUnit ? 1 : 0,
          `@${keyId}`,
          now,
        )
        .catch((error: unknown) => {
          refused.record(organizationId, projectId, keyId, day, status, now);
          log.error({ err: error, field }, 'an answer could not be counted in Redis; counted in process');
        });
    },

    flush: () => flushWith(staleAfter(intervalMs)),
    lastFlushedAt: () => flushedAt,

    // Redis first, the database second: a batch written in between is then counted twice (too many, for
    // a moment), never in neither (too few). In a month in which Redis lost its data, the usage it held
    // unwritten is gone from both: a margin stands for it, as after a crash without Redis.
    async monthQuotaUse(organizationId, month, ratePerMinute) {
      const lostIn = `lost:${month}`;
      const margin =
        (await redis.cotacepUsageMarker(markerKey, lostIn)) === lostIn
          ? crashMargin(ratePerMinute, intervalMs)
          : 0;
      const found = await redis.cotacepUsageUnflushed(
        pendingKey,
        indexKey,
        flushingPrefix,
        `${organizationId}|*`,
      );
      let pending = 0;
      const inBatches = new Map<string, number>();
      for (let index = 0; index + 2 < found.length; index += 3) {
        const row = parseField(found[index + 1]!, Number(found[index + 2]));
        if (!row?.day.startsWith(month) || !usesQuota(row.status)) continue;
        const id = found[index]!;
        if (id === '') pending += row.count;
        else inBatches.set(id, (inBatches.get(id) ?? 0) + row.count);
      }
      const { used, written } = await getMonthQuotaUseAndFlushes(db, organizationId, month, [
        ...inBatches.keys(),
      ]);
      let unwritten = 0;
      for (const [id, count] of inBatches) if (!written.has(id)) unwritten += count;
      return used + pending + unwritten + refused.unflushedQuotaUse(organizationId, month) + margin;
    },

    async start() {
      if (timer) return;
      // Missing at a later seed, it tells that Redis lost its data (decision 018).
      await redis.set(markerKey, 'kept', 'NX').catch((error: unknown) => {
        log.warn({ err: error }, 'usage marker could not be written: Redis looks as if it lost its data');
      });
      timer = setInterval(() => void metering.flush(), intervalMs);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      // Every batch still in Redis, a live flusher's too: writing one twice adds nothing (its id).
      for (let attempt = 1; attempt <= 3; attempt++) {
        if (await flushWith(0)) return;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
      log.warn('usage left in Redis at shutdown: another instance or the next start writes it');
    },
  };
  return metering;
}
