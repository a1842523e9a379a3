import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startOfFreshMinute } from './test-support/minute.ts';

let test: TestApp;
let account: TestAccount;
const QUOTE = '/quotes/json/last/USD-BRL';

beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, GATEWAY_ANONYMOUS_PER_MINUTE: '0' } });
  account = await createAccount(test.app, test.database.db, { plan: 'business' });
});
afterAll(() => test.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

describe('keys the gateway refuses', () => {
  it('asks for a key when anonymous calls are off, in the public APIs’ body and the request’s language', async () => {
    const response = await get(QUOTE);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      status: 401,
      code: 'missing_token',
      message: 'token ausente: envie seu token no parâmetro token ou no cabeçalho x-api-key',
    });
    const english = await get(QUOTE, { 'accept-language': 'en' });
    expect(english.json().message).toBe(
      'missing token: send your token in the token parameter or the x-api-key header',
    );
  });

  it.each([
    ['an unknown key', { 'x-api-key': 'ck_pub_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, ''],
    ['a malformed key', { 'x-api-key': 'not a key; drop table' }, ''],
    ['an empty key', { 'x-api-key': '' }, ''],
    ['an unknown token parameter', {}, '?token=ck_priv_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'],
    ['a repeated token parameter', {}, '?token=a&token=b'],
  ])('answers 401 invalid_token to %s', async (_label, headers, query) => {
    const response = await get(`${QUOTE}${query}`, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, code: 'invalid_token', message: 'token inválido' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the CEP API with the same gateway errors', async () => {
    const response = await get('/cep/json/01001000', {
      'x-api-key': 'ck_pub_CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_token');
  });

  it('refuses a disabled key with 403 and lets it in again once enabled, without waiting for the cache', async () => {
    const { key, secret } = await createKey(test.app, account);
    expect((await get(QUOTE, { 'x-api-key': secret })).statusCode).toBe(200);

    const disable = await test.app.inject({
      method: 'PATCH',
      url: `/api/keys/${key.id}`,
      headers: account.headers,
      payload: { enabled: false },
    });
    expect(disable.statusCode).toBe(200);
    const refused = await get(QUOTE, { 'x-api-key': secret, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 403,
      code: 'disabled_token',
      message: 'this token is disabled',
    });

    await test.app.inject({
      method: 'PATCH',
      url: `/api/keys/${key.id}`,
      headers: account.headers,
      payload: { enabled: true },
    });
    expect((await get(QUOTE, { 'x-api-key': secret })).statusCode).toBe(200);
  });

  it('refuses a deleted key at once', async () => {
    const { key, secret } = await createKey(test.app, account);
    expect((await get(`${QUOTE}?token=${secret}`)).statusCode).toBe(200);
    await test.app.inject({ method: 'DELETE', url: `/api/keys/${key.id}`, headers: account.headers });
    expect((await get(`${QUOTE}?token=${secret}`)).json().code).toBe('invalid_token');
  });
});

describe('guessing keys', () => {
  it('stops reading the database for a client IP that tried 30 unknown keys this minute', async () => {
    await startOfFreshMinute(15);
    const { secret: cached } = await createKey(test.app, account);
    const { secret: uncached } = await createKey(test.app, account);
    expect((await get(QUOTE, { 'x-api-key': cached })).statusCode).toBe(200);
    const from = (remoteAddress: string, secret: string) =>
      test.app.inject({ method: 'GET', url: QUOTE, headers: { 'x-api-key': secret }, remoteAddress });
    const guess = (index: number) => `ck_pub_${String(index).padStart(32, 'G')}`;
    for (let index = 0; index < 30; index++) {
      expect((await from('192.0.2.99', guess(index))).statusCode).toBe(401);
    }
    const blocked = await from('192.0.2.99', guess(30));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(blocked.json().message).toContain('token inválido');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Keys already in memory still work from there; others wait for the next minute.
    expect((await from('192.0.2.99', cached)).statusCode).toBe(200);
    expect((await from('192.0.2.99', uncached)).statusCode).toBe(429);
    // Other clients are not affected.
    expect((await from('192.0.2.100', guess(31))).statusCode).toBe(401);
    expect((await from('192.0.2.100', uncached)).statusCode).toBe(200);
  });
});

describe('rotation', () => {
  const rotate = (id: string, graceSeconds?: number) =>
    test.app.inject({
      method: 'POST',
      url: `/api/keys/${id}/rotate`,
      headers: account.headers,
      ...(graceSeconds === undefined ? {} : { payload: { graceSeconds } }),
    });

  it('without a grace period the old secret stops at once and the new one works', async () => {
    const { key, secret } = await createKey(test.app, account);
    expect((await get(QUOTE, { 'x-api-key': secret })).statusCode).toBe(200);
    const rotated = await rotate(key.id);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await get(QUOTE, { 'x-api-key': secret })).json().code).toBe('invalid_token');
    expect((await get(QUOTE, { 'x-api-key': rotated.json().secret })).statusCode).toBe(200);
  });

  it('with a grace period both work until it ends, then the old one is expired', async () => {
    const { key, secret } = await createKey(test.app, account);
    const rotated = await rotate(key.id, 1);
    const fresh = rotated.json().secret as string;
    expect((await get(QUOTE, { 'x-api-key': secret })).statusCode).toBe(200);
    expect((await get(QUOTE, { 'x-api-key': fresh })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const expired = await get(QUOTE, { 'x-api-key': secret });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('expired_token');
    expect((await get(QUOTE, { 'x-api-key': fresh })).statusCode).toBe(200);
  });

  it('a second rotation ends the first one’s grace: only one previous secret is kept', async () => {
    const { key, secret: first } = await createKey(test.app, account);
    const second = (await rotate(key.id, 3600)).json().secret as string;
    const third = (await rotate(key.id, 3600)).json().secret as string;
    expect((await get(QUOTE, { 'x-api-key': first })).json().code).toBe('invalid_token');
    expect((await get(QUOTE, { 'x-api-key': second })).statusCode).toBe(200);
    expect((await get(QUOTE, { 'x-api-key': third })).statusCode).toBe(200);
  });
});
