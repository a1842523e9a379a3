import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { redisNamespace, TEST_REDIS_URL } from '../../test/redis.ts';
import { seedKey } from '../../test/seed-key.ts';

const redis = redisNamespace();
const VARIANTS: { name: string; env: Record<string, string> }[] = [
  { name: 'counters in process', env: {} },
  ...(TEST_REDIS_URL
    ? [{ name: 'counters in Redis', env: { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: redis.prefix } }]
    : []),
];

afterAll(async () => {
  await redis.clean();
});

/** Answers of the APIs themselves that are not a success: a malformed CEP, an unknown pair, a CEP not found. */
const FAILURES = [
  { url: '/cep/json/123', status: 400 },
  { url: '/quotes/json/last/XXX-YYY', status: 404 },
  { url: '/cep/json/99999999', status: 404 },
];
const SUCCESS = '/quotes/json/last/USD-BRL';

describe.each(VARIANTS)('only 2xx and 304 answers use quota ($name)', ({ env }) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, ...env } });
  });
  afterAll(() => test.close());

  const call = (url: string, secret: string) =>
    test.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret } });

  it('leaves the quota where it was after an answer of 400 or 404', async () => {
    const key = await seedKey(test.database.db, { limits: { monthlyQuota: 1_000 } });
    const first = await call(SUCCESS, key.secret);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-quota-remaining']).toBe('999');
    for (const failure of FAILURES) {
      expect((await call(failure.url, key.secret)).statusCode).toBe(failure.status);
      const next = await call(SUCCESS, key.secret);
      expect(next.statusCode).toBe(200);
      // The failure's unit came back: this success takes the one after the previous success.
      expect(next.headers['x-quota-remaining']).toBe(String(999 - FAILURES.indexOf(failure) - 1));
    }
  });

  it('lets an account with 3 requests left make 3 successes after 10 failures', async () => {
    const key = await seedKey(test.database.db, { limits: { monthlyQuota: 3 } });
    for (let index = 0; index < 10; index++) {
      const failure = FAILURES[index % FAILURES.length]!;
      const response = await call(failure.url, key.secret);
      expect(response.statusCode).toBe(failure.status);
    }
    for (let index = 1; index <= 3; index++) {
      const response = await call(SUCCESS, key.secret);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-quota-remaining']).toBe(String(3 - index));
    }
    const refused = await call(SUCCESS, key.secret);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('quota_exceeded');
    // Once refused, a failing call is refused too: nothing was given back.
    expect((await call(FAILURES[0]!.url, key.secret)).statusCode).toBe(429);
  });
});
