import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { USER_ACTION_LIMIT_PER_MINUTE } from './user-rate-limit.ts';

// Issue 22, item 3: the state-changing routes that take no body had no limit at all.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => t.close());

const call = (account: TestAccount, method: 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: { ...account.headers, 'accept-language': 'en' } });

describe('the body-less state-changing routes', () => {
  it('allow each user 30 calls a minute per route, then answer 429; another user and another route are apart', async () => {
    const [first, second] = [
      await createAccount(t.app, t.database.db),
      await createAccount(t.app, t.database.db),
    ];
    for (let i = 0; i < USER_ACTION_LIMIT_PER_MINUTE; i += 1)
      expect((await call(first, 'POST', '/api/billing/checkout/cancel')).statusCode).toBe(204);
    const limited = await call(first, 'POST', '/api/billing/checkout/cancel');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TooManyRequests' });
    expect((await call(second, 'POST', '/api/billing/checkout/cancel')).statusCode).toBe(204);
    expect((await call(first, 'DELETE', `/api/keys/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('are limited each: key delete, billing portal, the test checkout’s cancel, social link and unlink', async () => {
    const account = await createAccount(t.app, t.database.db);
    for (const [method, url] of [
      ['DELETE', `/api/keys/${randomUUID()}`],
      ['POST', '/api/billing/portal'],
      ['POST', `/api/billing/test/checkouts/${randomUUID()}/cancel`],
      ['POST', '/api/account/oauth/github/link'],
      ['DELETE', '/api/account/oauth/github'],
    ] as const) {
      const statuses = new Set<number>();
      for (let i = 0; i <= USER_ACTION_LIMIT_PER_MINUTE; i += 1)
        statuses.add((await call(account, method, url)).statusCode);
      expect(statuses.has(429), `${method} ${url}`).toBe(true);
    }
  });
});
