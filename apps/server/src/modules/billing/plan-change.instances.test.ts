import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestDatabase } from '../../test/database.ts';
import { redisNamespace, TEST_REDIS_URL } from '../../test/redis.ts';
import { billingClient } from './test-support/billing-client.ts';

if (!TEST_REDIS_URL) console.info('plan change across instances skipped: set TEST_REDIS_URL to run it');

const redis = redisNamespace();
let database: Database;
let apps: FastifyInstance[] = [];
let account: TestAccount;
let secret: string;

beforeAll(async () => {
  if (!TEST_REDIS_URL) return;
  database = await createTestDatabase();
  const config = loadConfig({
    ...GATEWAY_TEST_ENV,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: redis.prefix,
    // Without a message from the other instance, a cached key would keep its limits for ten minutes.
    GATEWAY_KEY_CACHE_TTL_MS: '600000',
  });
  // Two instances on one database and one Redis, each with its own key cache.
  apps = await Promise.all([buildApp({ config, database }), buildApp({ config, database })]);
  await Promise.all(apps.map((app) => app.ready()));
  account = await createAccount(apps[0]!, database.db);
  secret = (await createKey(apps[0]!, account)).secret;
}, 60_000);

afterAll(async () => {
  if (!TEST_REDIS_URL) return;
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
  await redis.clean();
});

const quotaLimit = async (app: FastifyInstance) =>
  Number(
    (await app.inject({ url: '/quotes/json/available', headers: { 'x-api-key': secret } })).headers[
      'x-quota-limit'
    ],
  );

describe.skipIf(!TEST_REDIS_URL)('a plan bought on one instance', () => {
  it('lifts the quota on the other instance’s next request', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    expect(await quotaLimit(first)).toBe(100_000);
    expect(await quotaLimit(second)).toBe(100_000);

    await billingClient(first, account).subscribe({ planId: 'business', cycle: 'monthly' });

    const deadline = Date.now() + 2_000;
    let limit = 0;
    while (Date.now() < deadline && limit !== 20_000_000) {
      limit = await quotaLimit(second);
      if (limit !== 20_000_000) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(limit).toBe(20_000_000);
  });
});
