import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisNamespace, TEST_REDIS_URL } from '../../test/redis.ts';
import { type AdmissionRequest, type Counters, createCounters, createMemoryCounters } from './counters.ts';

const MINUTE = 29_000_000;

function request(overrides: Partial<AdmissionRequest> = {}, seed = 0): AdmissionRequest & { loads: number } {
  const counted = { loads: 0 };
  return Object.assign(counted, {
    accountId: 'account-1',
    ratePerMinute: 3,
    monthlyQuota: 5,
    month: '2026-11',
    minute: MINUTE,
    loadMonthUsage: async () => {
      counted.loads += 1;
      return seed;
    },
    ...overrides,
  });
}

function behavesLikeCounters(make: () => Promise<Counters>) {
  it('counts a minute’s window, then starts over in the next minute', async () => {
    const counters = await make();
    const outcomes = [];
    for (let index = 0; index < 4; index++) outcomes.push((await counters.admit(request())).outcome);
    expect(outcomes).toEqual(['admitted', 'admitted', 'admitted', 'rate_limited']);
    expect((await counters.admit(request({ minute: MINUTE + 1 }))).outcome).toBe('admitted');
  });

  it('starts the quota from the stored month once, gives back refused units, and renews next month', async () => {
    const counters = await make();
    const first = request({ ratePerMinute: 100 }, 3);
    expect(await counters.admit(first)).toEqual({ outcome: 'admitted', rateCount: 1, quotaUsed: 4 });
    expect((await counters.admit(first)).quotaUsed).toBe(5);
    const refused = await counters.admit(first);
    expect(refused).toEqual({ outcome: 'quota_exceeded', rateCount: 3, quotaUsed: 5 });
    expect((await counters.admit(first)).quotaUsed).toBe(5);
    expect(first.loads).toBe(1);
    // A bigger quota (an upgrade) admits at once: the refusals took nothing.
    expect((await counters.admit(request({ ratePerMinute: 100, monthlyQuota: 6 }))).outcome).toBe('admitted');
    const next = request({ ratePerMinute: 100, month: '2026-12', minute: MINUTE + 50_000 });
    expect(await counters.admit(next)).toEqual({ outcome: 'admitted', rateCount: 1, quotaUsed: 1 });
  });

  it('takes a released unit back, only in its month and never below zero', async () => {
    const counters = await make();
    const full = request({ ratePerMinute: 100, accountId: 'release' }, 4);
    expect((await counters.admit(full)).quotaUsed).toBe(5);
    expect((await counters.admit(full)).outcome).toBe('quota_exceeded');
    counters.release('release', '2026-11');
    expect(await counters.admit(full)).toMatchObject({ outcome: 'admitted', quotaUsed: 5 });
    // Another month's or another account's release leaves this one alone.
    counters.release('release', '2026-10');
    counters.release('someone-else', '2026-11');
    expect((await counters.admit(full)).outcome).toBe('quota_exceeded');
    const empty = request({ ratePerMinute: 100, accountId: 'release-empty' }, 0);
    expect((await counters.admit(empty)).quotaUsed).toBe(1);
    for (let index = 0; index < 3; index++) counters.release('release-empty', '2026-11');
    expect((await counters.admit(empty)).quotaUsed).toBe(1);
    // A release for a counter not started yet creates none: its month still starts from the database.
    counters.release('release-cold', '2026-11');
    const cold = request({ ratePerMinute: 100, accountId: 'release-cold' }, 2);
    expect((await counters.admit(cold)).quotaUsed).toBe(3);
    expect(cold.loads).toBe(1);
  });

  it('keeps accounts apart and one-off hits per key', async () => {
    const counters = await make();
    expect((await counters.admit(request({ accountId: 'a' }))).rateCount).toBe(1);
    expect((await counters.admit(request({ accountId: 'b' }))).rateCount).toBe(1);
    expect(await counters.hit('ip:1', 2, MINUTE)).toEqual({ allowed: true, count: 1 });
    expect(await counters.hit('ip:1', 2, MINUTE)).toEqual({ allowed: true, count: 2 });
    expect(await counters.hit('ip:1', 2, MINUTE)).toEqual({ allowed: false, count: 3 });
    expect(await counters.hit('ip:2', 2, MINUTE)).toEqual({ allowed: true, count: 1 });
    expect(await counters.hit('ip:1', 2, MINUTE + 1)).toEqual({ allowed: true, count: 1 });
  });

  it('reads the stored month once however many requests start it together', async () => {
    const counters = await make();
    // Many bursts: with Redis, a late "cold" answer racing the seed's end showed up in about 1 burst in 15.
    for (let burst = 0; burst < 60; burst++) {
      const shared = request({ ratePerMinute: 1_000, monthlyQuota: 1_000, accountId: `burst-${burst}` }, 10);
      const results = await Promise.all(Array.from({ length: 50 }, () => counters.admit(shared)));
      expect(shared.loads).toBe(1);
      expect(results.map((result) => result.quotaUsed).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, index) => 11 + index),
      );
    }
  });
}

describe('counters in process', () => {
  behavesLikeCounters(async () => createMemoryCounters());
});

describe.skipIf(!TEST_REDIS_URL)('counters in Redis (TEST_REDIS_URL)', () => {
  const namespace = redisNamespace();
  const clients: Redis[] = [];
  const make = async () => {
    const client = new Redis(TEST_REDIS_URL!);
    clients.push(client);
    const prefix = `${namespace.prefix}${clients.length}:`;
    return createCounters(client, prefix);
  };
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    expect(await namespace.clean()).toBeGreaterThan(0);
  });

  behavesLikeCounters(make);

  it('seeds again from the database when Redis lost the month’s counter', async () => {
    const counters = await make();
    const first = request({ ratePerMinute: 100, accountId: 'lost' }, 2);
    expect((await counters.admit(first)).quotaUsed).toBe(3);
    const client = clients.at(-1)!;
    const keys = await client.keys(`${namespace.prefix}${clients.length}:{lost}:quota:*`);
    expect(keys).toHaveLength(1);
    await client.del(...keys);
    const again = request({ ratePerMinute: 100, accountId: 'lost' }, 3);
    expect((await counters.admit(again)).quotaUsed).toBe(4);
    expect(again.loads).toBe(1);
  });
});
