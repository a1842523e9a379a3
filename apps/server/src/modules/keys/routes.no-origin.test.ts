import type { ApiKey } from '@cotacep/shared/key-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

// A public key starts with no allowed origin (decision 028): it answers no one until its owner lists a site.
const QUOTE = '/quotes/json/last/USD-BRL';
const SITE = 'https://loja.example.com';
let test: TestApp;
let account: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  account = await createAccount(test.app, test.database.db, { plan: 'pro' });
});
afterAll(() => test.close());

const callApi = (secret: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url: QUOTE, headers: { 'x-api-key': secret, ...headers } });

describe('a public key without allowed origins', () => {
  it('is created with an empty list and refuses browsers, preflights and servers alike', async () => {
    const created = await createKey(test.app, account, { description: 'Sem origem', allowedOrigins: '' });
    expect(created.key.allowedOrigins).toEqual([]);

    const fromSite = await callApi(created.secret, { origin: SITE, 'accept-language': 'en' });
    expect(fromSite.statusCode).toBe(403);
    expect(fromSite.json().code).toBe('origin_not_allowed');
    expect(fromSite.headers['access-control-allow-origin']).toBeUndefined();
    expect((await callApi(created.secret)).json().code).toBe('origin_not_allowed');

    const preflight = await test.app.inject({
      method: 'OPTIONS',
      url: `${QUOTE}?token=${created.secret}`,
      headers: { origin: SITE, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the site once its origin is added, and refuses again once the list is emptied', async () => {
    const created = await createKey(test.app, account, { allowedOrigins: ' ' });
    const edit = (allowedOrigins: string) =>
      test.app.inject({
        method: 'PATCH',
        url: `/api/keys/${created.key.id}`,
        headers: account.headers,
        payload: { kind: 'public', allowedOrigins },
      });

    const added = await edit(SITE);
    expect(added.statusCode).toBe(200);
    expect((added.json() as ApiKey).allowedOrigins).toEqual([SITE]);
    const answered = await callApi(created.secret, { origin: SITE });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['access-control-allow-origin']).toBe(SITE);

    expect((await edit('')).statusCode).toBe(200);
    expect((await callApi(created.secret, { origin: SITE })).statusCode).toBe(403);
  });

  it('still needs at least one address or range for a private key', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { ...account.headers, 'accept-language': 'en' },
      payload: { description: 'Servidor', kind: 'private', allowedOrigins: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('allowedOrigins');
  });
});
