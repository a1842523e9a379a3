import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { redisNamespace, TEST_REDIS_URL } from '../../test/redis.ts';
import { type SeededKey, seedKey } from '../../test/seed-key.ts';
import { type ServerProcess, startServer } from '../../test/server-process.ts';
import { storedCounts } from '../../test/usage.ts';
import { startOfFreshMinute } from './test-support/minute.ts';
import { quotaMails } from './test-support/quota-mails.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const isConfigured = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!isConfigured) {
  console.info('two-instances test skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run it');
}

const PUBLIC_URL = 'http://localhost:3000';
const databaseName = `cotacep_gw_${randomBytes(5).toString('hex')}`;
const redis = redisNamespace();
let databaseUrl: string;
let servers: ServerProcess[] = [];
let rateKey: SeededKey;
let quotaKey: SeededKey;
let noticeKey: SeededKey;
let portal: { headers: Record<string, string>; keyId: string; secret: string };

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!isConfigured) return;
  await admin((client) => client.query(`create database "${databaseName}"`));
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  await database.migrate();
  rateKey = await seedKey(database.db, { limits: { ratePerMinute: 20, monthlyQuota: 1_000_000 } });
  quotaKey = await seedKey(database.db, { limits: { ratePerMinute: 1_000_000, monthlyQuota: 25 } });
  noticeKey = await seedKey(database.db, { limits: { ratePerMinute: 1_000_000, monthlyQuota: 20 } });
  // A signed-in customer, through an app on the same database (its token is valid on every instance).
  const app = await buildApp({
    config: loadConfig({
      ...GATEWAY_TEST_ENV,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      PUBLIC_URL,
    }),
    database,
  });
  const account = await createAccount(app, database.db);
  const { key, secret } = await createKey(app, account);
  portal = { headers: account.headers, keyId: key.id, secret };
  await app.close();
  await database.close();

  const env = {
    ...GATEWAY_TEST_ENV,
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL!,
    REDIS_KEY_PREFIX: redis.prefix,
    PUBLIC_URL,
    GATEWAY_KEY_CACHE_TTL_MS: '600000',
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 120_000);

afterAll(async () => {
  if (!isConfigured) return;
  await Promise.all(servers.map((server) => server.stop()));
  await redis.clean();
  await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
});

/** `count` requests at once, spread over both instances in turn. */
async function sendSpread(secret: string, count: number) {
  const responses = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const server = servers[index % servers.length]!;
      const response = await fetch(`${server.url}/quotes/json/last/USD-BRL`, {
        headers: { 'x-api-key': secret },
      });
      const body = (await response.json()) as { code?: string };
      return { status: response.status, code: body.code };
    }),
  );
  return responses;
}

const count = (responses: { status: number; code?: string }[], status: number, code?: string) =>
  responses.filter((response) => response.status === status && (code === undefined || response.code === code))
    .length;

describe.skipIf(!isConfigured)('two server processes sharing PostgreSQL and Redis', () => {
  it('hold one per-minute rate between them', async () => {
    await startOfFreshMinute(15);
    const responses = await sendSpread(rateKey.secret, 30);
    expect(count(responses, 200)).toBe(20);
    expect(count(responses, 429, 'rate_limited')).toBe(10);
  }, 60_000);

  it('hold one monthly quota between them', async () => {
    const responses = await sendSpread(quotaKey.secret, 40);
    expect(count(responses, 200)).toBe(25);
    expect(count(responses, 429, 'quota_exceeded')).toBe(15);
  }, 60_000);

  it('send one quota e-mail per threshold between them when both see the account cross it', async () => {
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    const email = `seed.${noticeKey.organizationId.slice(0, 8)}@example.com`;
    const subjects = async (expected: number) =>
      (await quotaMails(database.db, email, expected)).map((mail) => mail.subject).sort();
    try {
      // 18 calls at once, alternating between the instances: successes 16 to 18 (80 %) land on both.
      expect(count(await sendSpread(noticeKey.secret, 18), 200)).toBe(18);
      expect(await subjects(1)).toEqual(['Você usou 80% da cota mensal da Cotacep']);
      const rest = await sendSpread(noticeKey.secret, 12);
      expect(count(rest, 200)).toBe(2);
      expect(count(rest, 429, 'quota_exceeded')).toBe(10);
      expect(await subjects(2)).toEqual([
        'A cota mensal da Cotacep acabou',
        'Você usou 80% da cota mensal da Cotacep',
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('forget a key disabled on one instance at once on the other', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const use = (server: ServerProcess) =>
      fetch(`${server.url}/quotes/json/last/USD-BRL`, { headers: { 'x-api-key': portal.secret } });
    expect((await use(first)).status).toBe(200);
    expect((await use(second)).status).toBe(200);
    const disable = await fetch(`${first.url}/api/keys/${portal.keyId}`, {
      method: 'PATCH',
      headers: { ...portal.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect(disable.status).toBe(200);
    // The second instance cached the key for ten minutes; only the pub/sub message can make it forget.
    const deadline = Date.now() + 2_000;
    let status = 0;
    while (Date.now() < deadline && status !== 403) {
      status = (await use(second)).status;
      if (status !== 403) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(403);
  }, 60_000);

  it('count every answer of both once they stop', async () => {
    for (const server of servers) expect(await server.stop()).toBe(0);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    try {
      expect(await storedCounts(database.db, rateKey.key.id)).toEqual({ 200: 20, 429: 10 });
      expect(await storedCounts(database.db, quotaKey.key.id)).toEqual({ 200: 25, 429: 15 });
      const portalCounts = await storedCounts(database.db, portal.keyId);
      expect(portalCounts[200]).toBe(2);
      expect(portalCounts[403]).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  }, 60_000);
});
