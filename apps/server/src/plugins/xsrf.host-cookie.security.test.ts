import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

// Where the site is served over https, as in production: the XSRF cookie is a `__Host-` cookie.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://cotacep.example' } });
});
afterAll(() => t.close());

async function issuedCookie() {
  const response = await t.app.inject({ method: 'GET', url: '/api/session/xsrf' });
  return { response, cookie: response.cookies.find((c) => c.name === '__Host-XSRF-TOKEN') };
}

describe('the XSRF cookie over https', () => {
  it('is __Host-XSRF-TOKEN: Secure, Path=/, no Domain, readable by the page', async () => {
    const { response, cookie } = await issuedCookie();
    expect(cookie).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.httpOnly).toBeFalsy();
    expect(response.cookies.some((c) => c.name === 'XSRF-TOKEN')).toBe(false);
  });

  it('lets an unsafe request through when the header echoes the __Host- cookie', async () => {
    const { cookie } = await issuedCookie();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: {},
      headers: { cookie: `__Host-XSRF-TOKEN=${cookie?.value}`, 'x-xsrf-token': cookie?.value ?? '' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('ignores a plain XSRF-TOKEN cookie, which a sibling subdomain or an http page could plant', async () => {
    const { cookie } = await issuedCookie();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: {},
      headers: { cookie: `XSRF-TOKEN=${cookie?.value}`, 'x-xsrf-token': cookie?.value ?? '' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('XsrfTokenInvalid');
  });
});
