import { USAGE_CHART_DAYS } from '@cotacep/shared/constants';
import { PLANS } from '@cotacep/shared/plans';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../lib/time.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedUsage } from '../../test/seed-key.ts';
import { lastMonths, monthStart } from './period.ts';

let test: TestApp;
let account: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  account = await createAccount(test.app, test.database.db, { plan: 'basic' });
});
afterAll(() => test.close());

const usage = async (query = '') => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/usage${query}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Usage;
};

describe('GET /api/usage', () => {
  it('shows a new account: 15 zero days, its one month, the whole quota left', async () => {
    const report = await usage();
    const { monthlyQuota, ratePerMinute } = PLANS.basic;
    expect(report.plan).toEqual({ id: 'basic', monthlyQuota, ratePerMinute });
    expect(report.used).toBe(0);
    expect(report.remaining).toBe(monthlyQuota);
    expect(report.days).toHaveLength(USAGE_CHART_DAYS);
    expect(report.days.at(-1)).toEqual({ date: utcDay(Date.now()), total: 0, byStatus: {} });
    // The Months view starts at the account's creation: no empty months before it existed.
    expect(report.months.map((month) => month.month)).toEqual(lastMonths(Date.now(), 1));
    expect(report.period.start).toBe(utcDay(monthStart(Date.now()).getTime()));
    expect(Date.parse(report.period.resetsAt)).toBeGreaterThan(Date.now());
  });

  it('counts requests made through the gateway a moment ago, by status, key and project', async () => {
    const web = await createKey(test.app, account, { description: 'Web' });
    const project = await test.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: account.headers,
      payload: { name: 'Batch' },
    });
    const batch = await createKey(test.app, account, {
      description: 'Batch',
      kind: 'private',
      allowedOrigins: '0.0.0.0/0, ::/0',
      projectId: project.json().id,
    });
    const call = (url: string, secret: string) =>
      test.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret } });
    for (let index = 0; index < 4; index++)
      expect((await call('/quotes/json/last/USD-BRL', web.secret)).statusCode).toBe(200);
    expect((await call('/quotes/json/last/XXX-YYY', web.secret)).statusCode).toBe(404);
    for (let index = 0; index < 2; index++)
      expect((await call('/quotes/json/last/EUR-BRL', batch.secret)).statusCode).toBe(200);
    // The gateway's own refusals and the APIs' errors are shown, but take no quota.
    const refused = await test.app.inject({
      method: 'GET',
      url: '/quotes/json/last/USD-BRL',
      headers: { 'x-api-key': batch.secret },
      remoteAddress: 'not-an-ip',
    });
    expect(refused.statusCode).toBe(403);

    const report = await usage();
    const today = report.days.at(-1)!;
    expect(today).toEqual({ date: utcDay(Date.now()), total: 8, byStatus: { 200: 6, 404: 1, 403: 1 } });
    expect(report.months.at(-1)).toMatchObject({ total: 8, byStatus: { 200: 6, 404: 1, 403: 1 } });
    expect(report.used).toBe(6);
    expect(report.remaining).toBe(PLANS.basic.monthlyQuota - 6);
    // Every answer in each key's sparkline (today last); quota use only in `used`.
    const sparkline = (today: number) => [...Array(USAGE_CHART_DAYS - 1).fill(0), today];
    expect(report.byKey).toEqual([
      {
        keyId: web.key.id,
        description: 'Web',
        prefix: web.key.prefix,
        projectId: web.key.projectId,
        used: 4,
        days: sparkline(5),
      },
      {
        keyId: batch.key.id,
        description: 'Batch',
        prefix: batch.key.prefix,
        projectId: batch.key.projectId,
        used: 2,
        days: sparkline(3),
      },
    ]);
    expect(report.last24h).toEqual({ total: 8, clientErrors: 2, serverErrors: 0 });
    expect(report.byProject).toEqual([
      { projectId: web.key.projectId, name: 'Projeto padrão', used: 4 },
      { projectId: batch.key.projectId, name: 'Batch', used: 2 },
    ]);

    // One key's or one project's series; the quota stays the account's.
    const oneKey = await usage(`?keyId=${batch.key.id}`);
    expect(oneKey.days.at(-1)?.byStatus).toEqual({ 200: 2, 403: 1 });
    expect(oneKey.last24h).toEqual({ total: 3, clientErrors: 1, serverErrors: 0 });
    expect(oneKey.used).toBe(6);
    expect(oneKey.byKey).toHaveLength(2);
    const oneProject = await usage(`?projectId=${web.key.projectId}`);
    expect(oneProject.days.at(-1)?.total).toBe(5);
    expect(oneProject.last24h).toEqual({ total: 5, clientErrors: 1, serverErrors: 0 });

    // A deleted key's use stays in the month, without its description.
    await test.app.inject({ method: 'DELETE', url: `/api/keys/${web.key.id}`, headers: account.headers });
    const afterDelete = await usage();
    expect(afterDelete.used).toBe(6);
    expect(afterDelete.byKey.find((key) => key.keyId === web.key.id)).toMatchObject({
      description: null,
      used: 4,
    });
  });

  it('leaves `used` unchanged after answers of 400 and 404, and counts the next success', async () => {
    const { secret } = await createKey(test.app, account, { description: 'Errors' });
    const call = (url: string) => test.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret } });
    const before = (await usage()).used;
    expect((await call('/cep/json/123')).statusCode).toBe(400);
    expect((await call('/quotes/json/last/XXX-YYY')).statusCode).toBe(404);
    const afterErrors = await usage();
    expect(afterErrors.used).toBe(before);
    expect(afterErrors.days.at(-1)?.byStatus).toMatchObject({ 400: 1 });
    expect((await call('/quotes/json/last/USD-BRL')).statusCode).toBe(200);
    expect((await usage()).used).toBe(before + 1);
  });

  it('places older usage on its day and month, and leaves days beyond the window out', async () => {
    const { key } = await createKey(test.app, account, { description: 'History' });
    const seeded = { key, secret: '', organizationId: account.organizationId };
    const day = (daysAgo: number) => utcDay(Date.now() - daysAgo * 86_400_000);
    await seedUsage(test.database.db, seeded, day(3), 200, 40);
    await seedUsage(test.database.db, seeded, day(3), 500, 2);
    await seedUsage(test.database.db, seeded, day(20), 200, 1_000);
    const report = await usage(`?keyId=${key.id}`);
    expect(report.days.find((entry) => entry.date === day(3))).toEqual({
      date: day(3),
      total: 42,
      byStatus: { 200: 40, 500: 2 },
    });
    expect(report.days.some((entry) => entry.date === day(20))).toBe(false);
    const monthOf20 = report.months.find((entry) => entry.month === day(20).slice(0, 7))!;
    expect(monthOf20.byStatus[200]).toBeGreaterThanOrEqual(1_000);
  });

  it('refuses a malformed filter and anonymous readers', async () => {
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/usage?keyId=nope',
      headers: account.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('ZodError');
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/usage' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows nothing of another account', async () => {
    const other = await createAccount(test.app, test.database.db);
    const response = await test.app.inject({ method: 'GET', url: '/api/usage', headers: other.headers });
    const report = response.json() as Usage;
    expect(report.used).toBe(0);
    expect(report.byKey).toEqual([]);
    expect(report.days.every((entry) => entry.total === 0)).toBe(true);
    expect(report.last24h).toEqual({ total: 0, clientErrors: 0, serverErrors: 0 });
    // Naming another account's key or project shows nothing of it either.
    const { key, secret } = await createKey(test.app, account, { description: 'Not theirs' });
    await test.app.inject({
      method: 'GET',
      url: '/quotes/json/last/USD-BRL',
      headers: { 'x-api-key': secret },
    });
    for (const filter of [`keyId=${key.id}`, `projectId=${key.projectId}`]) {
      const named = await test.app.inject({
        method: 'GET',
        url: `/api/usage?${filter}`,
        headers: other.headers,
      });
      const narrowed = named.json() as Usage;
      expect(narrowed.days.every((entry) => entry.total === 0)).toBe(true);
      expect(narrowed.months.every((entry) => entry.total === 0)).toBe(true);
      expect(narrowed.last24h.total).toBe(0);
      expect(narrowed.byKey).toEqual([]);
    }
  });
});

describe('GET /api/usage right after an API call', () => {
  it('shows the call in today and the last 24 h without waiting for the meter’s timer', async () => {
    // A flush interval far longer than the test: only `/usage`'s own flush can bring the call in.
    const slow = await createTestApp({ env: { ...GATEWAY_TEST_ENV, USAGE_FLUSH_INTERVAL_MS: '60000' } });
    try {
      const owner = await createAccount(slow.app, slow.database.db);
      const { secret } = await createKey(slow.app, owner, { description: 'Fresh' });
      const read = async () => {
        const response = await slow.app.inject({ method: 'GET', url: '/api/usage', headers: owner.headers });
        return response.json() as Usage;
      };
      const before = await read();
      const call = await slow.app.inject({
        method: 'GET',
        url: '/quotes/json/last/XXX-YYY',
        headers: { 'x-api-key': secret },
      });
      expect(call.statusCode).toBe(404);
      const after = await read();
      expect(after.days.at(-1)!.total).toBe(before.days.at(-1)!.total + 1);
      expect(after.last24h).toEqual({
        total: before.last24h.total + 1,
        clientErrors: before.last24h.clientErrors + 1,
        serverErrors: 0,
      });
    } finally {
      await slow.close();
    }
  });
});
