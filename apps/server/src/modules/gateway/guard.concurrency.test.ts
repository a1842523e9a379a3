import { afterAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../lib/time.ts';
import { GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { redisNamespace, TEST_REDIS_URL } from '../../test/redis.ts';
import { seedKey, seedUsage } from '../../test/seed-key.ts';
import { waitForStoredCounts } from '../../test/usage.ts';

const CALLS = 1_000;
const QUOTA = 50;

/**
 * The quota is one request short of full; 1,000 requests arrive at once. Exactly one may pass, and
 * every answer, the 999 refusals included, is counted once.
 */
async function lastUnitRace(test: TestApp) {
  const key = await seedKey(test.database.db, { limits: { monthlyQuota: QUOTA, ratePerMinute: 1_000_000 } });
  const today = utcDay(Date.now());
  await seedUsage(test.database.db, key, today, 200, QUOTA - 1);

  const responses = await Promise.all(
    Array.from({ length: CALLS }, () =>
      test.app.inject({
        method: 'GET',
        url: '/quotes/json/last/USD-BRL',
        headers: { 'x-api-key': key.secret },
      }),
    ),
  );
  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 429)).toHaveLength(CALLS - 1);
  expect(new Set(responses.filter((r) => r.statusCode === 429).map((r) => r.json().code))).toEqual(
    new Set(['quota_exceeded']),
  );

  const counted = await waitForStoredCounts(test.database.db, key.key.id, QUOTA + CALLS - 1, {
    flushIntervalMs: 100,
  });
  expect(counted).toEqual({ 200: QUOTA, 429: CALLS - 1 });
}

/**
 * The same race where every other call fails (an unknown pair, 404), a failure first: a failure holds the
 * unit only until its answer, so across the race and the calls after it exactly one success gets it.
 */
async function lastUnitRaceWithFailures(test: TestApp) {
  const key = await seedKey(test.database.db, { limits: { monthlyQuota: QUOTA, ratePerMinute: 1_000_000 } });
  await seedUsage(test.database.db, key, utcDay(Date.now()), 200, QUOTA - 1);
  const call = (url: string) => test.app.inject({ method: 'GET', url, headers: { 'x-api-key': key.secret } });
  const responses = await Promise.all(
    Array.from({ length: CALLS }, (_, index) =>
      call(index % 2 === 0 ? '/quotes/json/last/XXX-YYY' : '/quotes/json/last/USD-BRL'),
    ),
  );
  const successes = responses.filter((response) => response.statusCode === 200).length;
  expect(successes).toBeLessThanOrEqual(1);
  expect(responses.every((response) => [200, 404, 429].includes(response.statusCode))).toBe(true);
  // Whatever the race left, the month ends with exactly QUOTA successes.
  let after = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((await call('/quotes/json/last/USD-BRL')).statusCode === 200) after += 1;
  }
  expect(successes + after).toBe(1);
  const refused = await call('/quotes/json/last/USD-BRL');
  expect(refused.json().code).toBe('quota_exceeded');
  expect(refused.headers['x-quota-remaining']).toBe('0');
}

describe('1,000 concurrent calls with one request of quota left', () => {
  it('admit exactly one, with the counters in process', async () => {
    const test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, USAGE_FLUSH_INTERVAL_MS: '100' } });
    try {
      await lastUnitRace(test);
      await lastUnitRaceWithFailures(test);
    } finally {
      await test.close();
    }
  }, 60_000);

  const redis = redisNamespace();
  afterAll(async () => {
    await redis.clean();
  });

  it.skipIf(!TEST_REDIS_URL)(
    'admit exactly one, with the counters in Redis (TEST_REDIS_URL)',
    async () => {
      const test = await createTestApp({
        env: {
          ...GATEWAY_TEST_ENV,
          USAGE_FLUSH_INTERVAL_MS: '100',
          REDIS_URL: TEST_REDIS_URL!,
          REDIS_KEY_PREFIX: redis.prefix,
        },
      });
      try {
        await lastUnitRace(test);
        await lastUnitRaceWithFailures(test);
      } finally {
        await test.close();
      }
      expect(await redis.clean()).toBeGreaterThan(0);
    },
    60_000,
  );
});
