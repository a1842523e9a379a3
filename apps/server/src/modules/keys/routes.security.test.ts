import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

describe('key security', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['POST', '/api/keys/00000000-0000-4000-8000-000000000001/rotate'],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps another account’s keys out of reach: not listed, not read, not changed, not rotated', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const intruder = await createAccount(test.app, test.database.db);
    const { key, secret } = await createKey(test.app, owner);

    const list = await test.app.inject({ method: 'GET', url: '/api/keys', headers: intruder.headers });
    expect(list.json().items).toEqual([]);
    for (const [method, url, payload] of [
      ['GET', `/api/keys/${key.id}`],
      ['PATCH', `/api/keys/${key.id}`, { enabled: false }],
      ['POST', `/api/keys/${key.id}/rotate`, {}],
      ['DELETE', `/api/keys/${key.id}`],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        headers: intruder.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const quote = await test.app.inject({
      method: 'GET',
      url: '/quotes/json/last/USD-BRL',
      headers: { 'x-api-key': secret },
    });
    expect(quote.statusCode).toBe(200);
  });

  it('shows a secret only in the answer that created or rotated it, never cached', async () => {
    const account = await createAccount(test.app, test.database.db);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: account.headers,
      payload: { description: 'Once', kind: 'private', allowedOrigins: '0.0.0.0/0' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const { key, secret } = response.json() as KeyWithSecret;
    const reads = [
      await test.app.inject({ method: 'GET', url: '/api/keys', headers: account.headers }),
      await test.app.inject({ method: 'GET', url: `/api/keys/${key.id}`, headers: account.headers }),
      await test.app.inject({
        method: 'PATCH',
        url: `/api/keys/${key.id}`,
        headers: account.headers,
        payload: { description: 'Renamed' },
      }),
    ];
    for (const read of reads) {
      expect(read.body).not.toContain(secret);
      expect(read.body).not.toContain(secret.slice(12));
    }
  });

  it('gives independent secrets of at least 128 random bits', async () => {
    const account = await createAccount(test.app, test.database.db, { plan: 'business' });
    const secrets = new Set<string>();
    for (let index = 0; index < 20; index++) secrets.add((await createKey(test.app, account)).secret);
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(secret.slice('ck_pub_'.length)).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
