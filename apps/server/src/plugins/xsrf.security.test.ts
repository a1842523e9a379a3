import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) =>
      void app.register(
        async (scope) => {
          // The same hook the portal scope uses, on a route that exists only in this test.
          const { onRequest } = (await import('./xsrf.ts')).createXsrf(
            'test-secret-test-secret-test-secret',
            false,
          );
          scope.addHook('onRequest', onRequest);
          scope.post('/change', async () => ({ changed: true }));
          scope.get('/read', async () => ({ read: true }));
        },
        { prefix: '/xsrf-test' },
      ),
  });
});
afterAll(() => t.close());

async function issuedToken(): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/xsrf-test/read' });
  const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie?.httpOnly).toBeFalsy();
  expect(cookie?.sameSite).toBe('Lax');
  return cookie!.value;
}

describe('XSRF double submit', () => {
  it('issues a readable signed cookie on a safe request', async () => {
    expect(await issuedToken()).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('lets an unsafe request through when the header echoes the cookie', async () => {
    const token = await issuedToken();
    const response = await t.app.inject({
      method: 'POST',
      url: '/xsrf-test/change',
      headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a cookie-bearing unsafe request without the header', async () => {
    const token = await issuedToken();
    const response = await t.app.inject({
      method: 'POST',
      url: '/xsrf-test/change',
      headers: { cookie: `XSRF-TOKEN=${token}`, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('XsrfTokenInvalid');
  });

  it('refuses a header that differs from the cookie', async () => {
    const token = await issuedToken();
    const other = await issuedToken();
    const response = await t.app.inject({
      method: 'POST',
      url: '/xsrf-test/change',
      headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': other },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a forged token that matches itself but lacks our signature', async () => {
    const forged = 'attacker-nonce.attacker-signature';
    const response = await t.app.inject({
      method: 'POST',
      url: '/xsrf-test/change',
      headers: { cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged },
    });
    expect(response.statusCode).toBe(403);
  });

  it('does not check requests that carry no cookies (bearer-token API clients)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/xsrf-test/change' });
    expect(response.statusCode).toBe(200);
  });
});
