import type { KeyList } from '@cotacep/shared/key-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

const post = (account: TestAccount, payload: object, language = 'pt-BR') =>
  test.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { ...account.headers, 'accept-language': language },
    payload,
  });

const keyCount = async (account: TestAccount) =>
  ((await test.app.inject({ method: 'GET', url: '/api/keys', headers: account.headers })).json() as KeyList)
    .items.length;

describe('key errors', () => {
  it('keeps to the plan’s number of keys, even when creations race', async () => {
    const account = await createAccount(test.app, test.database.db);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(account, { description: `K${index}`, kind: 'public', allowedOrigins: '*' }, 'en'),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 403)).toHaveLength(8);
    expect(responses.find((response) => response.statusCode === 403)!.json()).toMatchObject({
      code: 'KeyLimitReached',
      message: 'Your plan does not allow more API tokens. Delete a token or upgrade your plan.',
      limit: 2,
    });
    expect(await keyCount(account)).toBe(2);
  });

  it.each([
    [
      { description: 'x', kind: 'public', allowedOrigins: 'example.com' },
      'allowedOrigins',
      'Informe * ou origens exatas',
    ],
    [
      // A public key may start with no origin (decision 028); a private key needs its IPs.
      { description: 'x', kind: 'private', allowedOrigins: ' ' },
      'allowedOrigins',
      'Por favor, informe os IPs permitidos',
    ],
    [
      { description: 'x', kind: 'private', allowedOrigins: '10.0.0.0/33' },
      'allowedOrigins',
      'Informe endereços IP ou faixas CIDR',
    ],
    [
      { description: 'x', kind: 'private', allowedOrigins: '*' },
      'allowedOrigins',
      'Informe endereços IP ou faixas CIDR',
    ],
    [
      { description: '', kind: 'public', allowedOrigins: '*' },
      'description',
      'Por favor, informe uma descrição',
    ],
    [
      { description: 'x', kind: 'secret', allowedOrigins: '*' },
      'kind',
      'Por favor, escolha pública ou privada',
    ],
  ])('refuses %j with a message on %s, creating nothing', async (payload, path, message) => {
    const account = await createAccount(test.app, test.database.db);
    const response = await post(account, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('ZodError');
    expect(body.message[0].path).toEqual([path]);
    expect(body.message[0].message).toContain(message);
    expect(await keyCount(account)).toBe(0);
  });

  it('speaks English when asked', async () => {
    const account = await createAccount(test.app, test.database.db);
    const response = await post(
      account,
      { description: 'x', kind: 'public', allowedOrigins: 'ftp:/x' },
      'en',
    );
    expect(response.json().message[0].message).toBe(
      'Enter * or exact origins such as https://example.com or http://localhost:3000, separated by commas',
    );
  });

  it('will not change a key’s kind, and leaves the key as it was', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { key } = await createKey(test.app, account);
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/keys/${key.id}`,
      headers: account.headers,
      payload: { kind: 'private', allowedOrigins: '0.0.0.0/0', description: 'Changed' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('KeyKindImmutable');
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/keys/${key.id}`,
      headers: account.headers,
    });
    expect(stored.json()).toMatchObject({ kind: 'public', description: 'Test key', allowedOrigins: ['*'] });
  });

  it('refuses a grace period out of bounds', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { key } = await createKey(test.app, account);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/keys/${key.id}/rotate`,
      headers: account.headers,
      payload: { graceSeconds: 8 * 86_400 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message[0]).toEqual({
      message: 'O período de carência deve ficar entre 0 segundos e 7 dias',
      path: ['graceSeconds'],
    });
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/keys/${key.id}`,
      headers: account.headers,
    });
    expect(stored.json().rotatedAt).toBeNull();
  });

  it('answers ApiKeyNotFound for keys that do not exist', async () => {
    const account = await createAccount(test.app, test.database.db);
    const id = '00000000-0000-4000-8000-0000000000ff';
    for (const [method, url] of [
      ['GET', `/api/keys/${id}`],
      ['PATCH', `/api/keys/${id}`],
      ['DELETE', `/api/keys/${id}`],
      ['POST', `/api/keys/${id}/rotate`],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        headers: { ...account.headers, 'accept-language': 'en' },
        ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'ApiKeyNotFound', message: 'API token not found.' });
    }
  });
});
