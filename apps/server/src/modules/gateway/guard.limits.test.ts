import { PLANS } from '@cotacep/shared/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../lib/time.ts';
import { GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedKey, seedUsage } from '../../test/seed-key.ts';
import { monthStart } from '../usage/period.ts';
import { startOfFreshMinute } from './test-support/minute.ts';

const QUOTE = '/quotes/json/last/USD-BRL';
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, GATEWAY_ANONYMOUS_PER_MINUTE: '3' } });
});
afterAll(() => test.close());

const get = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  test.app.inject({ method: 'GET', url: QUOTE, headers, ...(remoteAddress ? { remoteAddress } : {}) });

const nextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};

describe('per-minute rate limit', () => {
  it('admits exactly the plan’s rate, then 429 rate_limited with Retry-After and X-RateLimit-*', async () => {
    const key = await seedKey(test.database.db, { limits: { ratePerMinute: 5 } });
    await startOfFreshMinute();
    const headers = { 'x-api-key': key.secret };
    for (let index = 1; index <= 5; index++) {
      const response = await get(headers);
      expect(response.statusCode).toBe(200);
      // The rate headers come with a 429 only; the quota headers with every keyed answer.
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(response.headers['x-quota-remaining']).toBe(String(PLANS.free.monthlyQuota - index));
    }
    const refused = await get({ ...headers, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body.code).toBe('rate_limited');
    expect(body.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.message).toBe(`rate limit exceeded, try again in ${retryAfter} s`);
    expect(refused.headers['x-ratelimit-limit']).toBe('5');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe(String(retryAfter));
    // A refused request takes no quota.
    expect(refused.headers['x-quota-remaining']).toBe(String(PLANS.free.monthlyQuota - 5));
  });

  it('is the account’s, shared by all its keys', async () => {
    const first = await seedKey(test.database.db, { limits: { ratePerMinute: 3 } });
    const second = await seedKey(test.database.db, { organizationId: first.organizationId });
    await startOfFreshMinute();
    expect((await get({ 'x-api-key': first.secret })).statusCode).toBe(200);
    expect((await get({ 'x-api-key': second.secret })).statusCode).toBe(200);
    expect((await get({ 'x-api-key': first.secret })).statusCode).toBe(200);
    expect((await get({ 'x-api-key': second.secret })).json().code).toBe('rate_limited');
  });
});

describe('monthly quota', () => {
  it('admits up to the quota, then 429 quota_exceeded naming the reset date; headers on every answer', async () => {
    const key = await seedKey(test.database.db, { limits: { monthlyQuota: 3 } });
    const headers = { 'x-api-key': key.secret };
    for (let index = 1; index <= 3; index++) {
      const response = await get(headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-quota-limit']).toBe('3');
      expect(response.headers['x-quota-remaining']).toBe(String(3 - index));
      expect(response.headers['x-quota-reset']).toBe(nextMonth());
    }
    const refused = await get(headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      code: 'quota_exceeded',
      message: `cota mensal do plano esgotada, renova em ${nextMonth()}`,
      resetsAt: nextMonth(),
    });
    expect(refused.headers['x-quota-remaining']).toBe('0');
    expect(refused.headers['retry-after']).toBeUndefined();
  });

  it('starts from the month’s stored successes (2xx, 304); errors, refusals and last month do not count', async () => {
    const key = await seedKey(test.database.db, { limits: { monthlyQuota: 100 } });
    const today = utcDay(Date.now());
    const lastMonth = utcDay(monthStart(Date.now()).getTime() - 86_400_000);
    await seedUsage(test.database.db, key, today, 200, 90);
    await seedUsage(test.database.db, key, today, 304, 8);
    await seedUsage(test.database.db, key, today, 404, 80);
    await seedUsage(test.database.db, key, today, 400, 30);
    await seedUsage(test.database.db, key, today, 503, 20);
    await seedUsage(test.database.db, key, today, 429, 500);
    await seedUsage(test.database.db, key, today, 403, 50);
    await seedUsage(test.database.db, key, lastMonth, 200, 5_000);
    const first = await get({ 'x-api-key': key.secret });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-quota-remaining']).toBe('1');
    expect((await get({ 'x-api-key': key.secret })).statusCode).toBe(200);
    expect((await get({ 'x-api-key': key.secret })).json().code).toBe('quota_exceeded');
  });
});

describe('anonymous calls', () => {
  it('get a small per-IP rate and answers cacheable for a minute', async () => {
    await startOfFreshMinute();
    for (let index = 1; index <= 3; index++) {
      const response = await get({}, '192.0.2.10');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    const refused = await get({}, '192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(refused.json().message).toContain('use um token de API');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['cache-control']).toBe('no-store');
    // Another client has its own allowance; a key is not limited by the anonymous rate.
    expect((await get({}, '192.0.2.11')).statusCode).toBe(200);
    const key = await seedKey(test.database.db);
    const keyed = await get({ 'x-api-key': key.secret }, '192.0.2.10');
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers['cache-control']).not.toBe('public, max-age=60');
  });
});
