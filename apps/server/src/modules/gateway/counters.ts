import type { Redis } from 'ioredis';
import { createRedisCounters } from './counters-redis.ts';

/**
 * Rate-limit and quota counters for the public API gateway (decision 007): per account, a fixed
 * one-minute window and a calendar-month quota. In process by default, which is exact for one server;
 * in Redis when REDIS_URL is set, so several instances share them. Both are atomic: 1,000 concurrent
 * requests with one unit of quota left admit exactly one. An admitted request holds its unit until its
 * answer is known; an answer that does not use quota (not 2xx or 304) gives it back with `release`.
 */
export type AdmissionRequest = {
  accountId: string;
  ratePerMinute: number;
  monthlyQuota: number;
  /** `YYYY-MM` (UTC) and the minute number (ms / 60,000) the request falls in. */
  month: string;
  minute: number;
  /**
   * Where a cold counter starts (the month's use so far, decision 018): read once when a counter starts
   * cold. Told whose month it reads, so one function serves every request (the hot path makes no closure).
   */
  loadMonthUsage(accountId: string, month: string, ratePerMinute: number): Promise<number>;
};

export type Admission = {
  outcome: 'admitted' | 'rate_limited' | 'quota_exceeded';
  /** Requests in this minute's window, this one included. */
  rateCount: number;
  /** Quota units used this month, this one included when admitted. */
  quotaUsed: number;
};

export type WindowHit = { allowed: boolean; count: number };

/**
 * In process the answer is usually known at once, and the gateway's hot path then needs no promise; Redis
 * (and a cold quota counter, read from the database) answers later.
 */
export type MaybePromise<T> = T | Promise<T>;

export type Counters = {
  kind: 'memory' | 'redis';
  admit(request: AdmissionRequest): MaybePromise<Admission>;
  /**
   * Gives back the unit an admitted request took (its answer did not use quota). Returns at once: in
   * Redis the command is sent and its failure reported to `onError`, never to the request.
   */
  release(accountId: string, month: string): void;
  /** One hit in a one-minute window of its own (anonymous calls per client IP). */
  hit(key: string, limit: number, minute: number): MaybePromise<WindowHit>;
  close(): Promise<void>;
};

type Window = { minute: number; count: number };
type MonthCount = { month: string; count: number };

/** Drops windows of past minutes once the map grows, so one-off client IPs do not pile up. */
const MAX_WINDOWS = 100_000;

export function createMemoryCounters(): Counters {
  const rates = new Map<string, Window>();
  const hits = new Map<string, Window>();
  const quotas = new Map<string, MonthCount>();
  const seeding = new Map<string, Promise<void>>();

  function bump(windows: Map<string, Window>, key: string, minute: number): number {
    const window = windows.get(key);
    if (window && window.minute === minute) return ++window.count;
    if (windows.size >= MAX_WINDOWS) {
      for (const [staleKey, stale] of windows) if (stale.minute !== minute) windows.delete(staleKey);
    }
    windows.set(key, { minute, count: 1 });
    return 1;
  }

  async function seed(request: AdmissionRequest): Promise<void> {
    const seedKey = `${request.accountId}|${request.month}`;
    let pending = seeding.get(seedKey);
    if (!pending) {
      pending = request
        .loadMonthUsage(request.accountId, request.month, request.ratePerMinute)
        .then((count) => {
          const current = quotas.get(request.accountId);
          if (!current || current.month < request.month) {
            quotas.set(request.accountId, { month: request.month, count });
          }
        })
        .finally(() => seeding.delete(seedKey));
      seeding.set(seedKey, pending);
    }
    await pending;
  }

  // Synchronous: concurrent requests cannot interleave between reading and bumping the counters.
  function admitWarm(request: AdmissionRequest, quota: MonthCount): Admission {
    const rateCount = bump(rates, request.accountId, request.minute);
    if (rateCount > request.ratePerMinute) {
      return { outcome: 'rate_limited', rateCount, quotaUsed: quota.count };
    }
    if (quota.count >= request.monthlyQuota) {
      return { outcome: 'quota_exceeded', rateCount, quotaUsed: quota.count };
    }
    quota.count += 1;
    return { outcome: 'admitted', rateCount, quotaUsed: quota.count };
  }

  return {
    kind: 'memory',
    admit(request) {
      const quota = quotas.get(request.accountId);
      if (quota && quota.month === request.month) return admitWarm(request, quota);
      return seed(request).then(() => {
        const seeded = quotas.get(request.accountId);
        if (!seeded || seeded.month !== request.month) throw new Error('quota counter did not start');
        return admitWarm(request, seeded);
      });
    },
    release(accountId, month) {
      const quota = quotas.get(accountId);
      if (quota && quota.month === month && quota.count > 0) quota.count -= 1;
    },
    hit(key, limit, minute) {
      const count = bump(hits, key, minute);
      return { allowed: count <= limit, count };
    },
    async close() {},
  };
}

export function createCounters(
  redis: Redis | null,
  keyPrefix: string,
  onError: (error: unknown) => void = () => {},
): Counters {
  return redis ? createRedisCounters(redis, keyPrefix, onError) : createMemoryCounters();
}
