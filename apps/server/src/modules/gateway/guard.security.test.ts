import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedKey } from '../../test/seed-key.ts';
import { startOfFreshMinute } from './test-support/minute.ts';

const QUOTE = '/quotes/json/last/USD-BRL';
let test: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  // One proxy hop in front (nginx at 10.0.0.1), with a small anonymous per-IP limit to count against.
  behindProxy = await createTestApp({
    env: { ...GATEWAY_TEST_ENV, TRUST_PROXY: '10.0.0.1', GATEWAY_ANONYMOUS_PER_MINUTE: '3' },
  });
});
afterAll(async () => {
  await test.close();
  await behindProxy.close();
});

type CallOptions = { headers?: Record<string, string>; remoteAddress?: string; app?: TestApp };
const call = (secret: string, { headers = {}, remoteAddress, app = test }: CallOptions = {}) =>
  app.app.inject({
    method: 'GET',
    url: QUOTE,
    headers: { 'x-api-key': secret, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('public keys and origins', () => {
  let secret: string;
  beforeAll(async () => {
    ({ secret } = await seedKey(test.database.db, {
      key: { allowedOrigins: 'https://loja.example.com, http://localhost:5173' },
    }));
  });

  it.each(['https://loja.example.com', 'http://localhost:5173', 'https://LOJA.example.com:443'])(
    'lets %s in and names it alone in the CORS answer',
    async (origin) => {
      const response = await call(secret, { headers: { origin } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers.vary).toContain('Origin');
      expect(response.headers['access-control-expose-headers']).toContain('x-quota-remaining');
    },
  );

  it.each([
    'https://evil.example.com',
    'https://loja.example.com.evil.com',
    'http://loja.example.com',
    'http://localhost:5174',
    'null',
  ])('refuses %s with 403 and no CORS permission', async (origin) => {
    const response = await call(secret, { headers: { origin, 'accept-language': 'en' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 403,
      code: 'origin_not_allowed',
      message: 'origin not allowed for this token',
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a request without Origin unless the key allows every origin', async () => {
    expect((await call(secret)).json().code).toBe('origin_not_allowed');
    const open = await seedKey(test.database.db, { key: { allowedOrigins: '*' } });
    const response = await call(open.secret);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const fromSite = await call(open.secret, { headers: { origin: 'https://any.example' } });
    expect(fromSite.headers['access-control-allow-origin']).toBe('https://any.example');
  });

  it('answers preflights: with the token in the URL only for allowed origins', async () => {
    const preflight = (url: string, origin: string) =>
      test.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key',
        },
      });
    const blind = await preflight(QUOTE, 'https://loja.example.com');
    expect(blind.statusCode).toBe(204);
    expect(blind.headers['access-control-allow-origin']).toBe('https://loja.example.com');
    expect(blind.headers['access-control-allow-headers']).toContain('x-api-key');

    const allowed = await preflight(`/cep/json/01001000?token=${secret}`, 'https://loja.example.com');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://loja.example.com');
    const refused = await preflight(`${QUOTE}?token=${secret}`, 'https://evil.example.com');
    expect(refused.statusCode).toBe(204);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('private keys and client IPs', () => {
  it('allows addresses and CIDR ranges of both versions, and nothing next to them', async () => {
    const { secret } = await seedKey(test.database.db, {
      key: { kind: 'private', allowedOrigins: '203.0.113.7, 198.51.100.0/24, 2001:db8:aa::/48, 2001:db8::1' },
    });
    for (const address of [
      '203.0.113.7',
      '198.51.100.0',
      '198.51.100.255',
      '2001:db8:aa:ffff::9',
      '2001:db8::1',
    ]) {
      expect((await call(secret, { remoteAddress: address })).statusCode, address).toBe(200);
    }
    // A dual-stack socket shows IPv4 clients as mapped IPv6 addresses.
    expect((await call(secret, { remoteAddress: '::ffff:203.0.113.7' })).statusCode).toBe(200);
    for (const address of ['203.0.113.8', '198.51.101.1', '2001:db8:ab::1', '2001:db8::2', '127.0.0.1']) {
      const response = await call(secret, { remoteAddress: address, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, address).toBe(403);
      expect(response.json()).toEqual({
        status: 403,
        code: 'ip_not_allowed',
        message: 'IP address not allowed for this token',
      });
    }
  });

  it('0.0.0.0/0 allows every IPv4 client and ::/0 every IPv6 one', async () => {
    const v4 = await seedKey(test.database.db, { key: { kind: 'private', allowedOrigins: '0.0.0.0/0' } });
    expect((await call(v4.secret, { remoteAddress: '8.8.8.8' })).statusCode).toBe(200);
    expect((await call(v4.secret, { remoteAddress: '2001:db8::1' })).statusCode).toBe(403);
    const both = await seedKey(test.database.db, {
      key: { kind: 'private', allowedOrigins: '0.0.0.0/0, ::/0' },
    });
    expect((await call(both.secret, { remoteAddress: '2001:db8::1' })).statusCode).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For when the proxy is not trusted', async () => {
    const { secret } = await seedKey(test.database.db, {
      key: { kind: 'private', allowedOrigins: '203.0.113.7' },
    });
    const spoofed = await call(secret, {
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().code).toBe('ip_not_allowed');
  });

  it('reads X-Forwarded-For only from the trusted proxy', async () => {
    const { secret } = await seedKey(behindProxy.database.db, {
      key: { kind: 'private', allowedOrigins: '203.0.113.7' },
    });
    const viaProxy = await call(secret, {
      app: behindProxy,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(viaProxy.statusCode).toBe(200);
    const notTheProxy = await call(secret, {
      app: behindProxy,
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(notTheProxy.statusCode).toBe(403);
  });

  it('ignores X-Forwarded-For entirely without TRUST_PROXY: the socket’s address is the client', async () => {
    const { secret } = await seedKey(test.database.db, {
      key: { kind: 'private', allowedOrigins: '192.0.2.50' },
    });
    const fromSocket = await call(secret, {
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' },
    });
    expect(fromSocket.statusCode).toBe(200);
  });

  it('behind one trusted hop, takes the address the proxy appended, not the client’s own entries', async () => {
    const { secret } = await seedKey(behindProxy.database.db, {
      key: { kind: 'private', allowedOrigins: '203.0.113.7' },
    });
    // The client sent "X-Forwarded-For: 203.0.113.7"; nginx appended the address it saw.
    const spoofed = await call(secret, {
      app: behindProxy,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9', 'accept-language': 'en' },
    });
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().code).toBe('ip_not_allowed');
    const real = await seedKey(behindProxy.database.db, {
      key: { kind: 'private', allowedOrigins: '198.51.100.9' },
    });
    const fromRealClient = await call(real.secret, {
      app: behindProxy,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' },
    });
    expect(fromRealClient.statusCode).toBe(200);
  });

  it('behind one trusted hop, rotating the forwarded header does not reset the anonymous per-IP limit', async () => {
    await startOfFreshMinute();
    const anonymous = (spoofed: string) =>
      behindProxy.app.inject({
        method: 'GET',
        url: QUOTE,
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `${spoofed}, 198.51.100.20` },
      });
    for (const spoofed of ['1.1.1.1', '1.1.1.2', '1.1.1.3']) {
      expect((await anonymous(spoofed)).statusCode, spoofed).toBe(200);
    }
    const refused = await anonymous('1.1.1.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    // Another real client behind the same proxy has its own allowance.
    const other = await behindProxy.app.inject({
      method: 'GET',
      url: QUOTE,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.21' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('fails closed on a client address it cannot read', async () => {
    const { secret } = await seedKey(test.database.db, {
      key: { kind: 'private', allowedOrigins: '0.0.0.0/0, ::/0' },
    });
    expect((await call(secret, { remoteAddress: 'not-an-ip' })).statusCode).toBe(403);
  });

  it('gives private keys no CORS permission, whatever the origin', async () => {
    const { secret } = await seedKey(test.database.db, {
      key: { kind: 'private', allowedOrigins: '0.0.0.0/0, ::/0' },
    });
    const response = await call(secret, { headers: { origin: 'https://site.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('secrets stay out of the logs', () => {
  it('redacts a token passed in the URL', async () => {
    const { redactTokenInUrl } = await import('./log-request.ts');
    expect(redactTokenInUrl('/cep/json/01001000?token=ck_pub_secret&x=1')).toBe(
      '/cep/json/01001000?token=[redacted]&x=1',
    );
    expect(redactTokenInUrl('/quotes/json/last/USD-BRL?a=1&TOKEN=abc')).toBe(
      '/quotes/json/last/USD-BRL?a=1&TOKEN=[redacted]',
    );
  });
});
