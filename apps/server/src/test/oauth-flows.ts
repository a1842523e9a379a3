import { expect } from 'vitest';
import type { IdentityTestApp } from './identity-app.ts';

/** The browser's side of a social sign-in: start, follow to the provider, come back to the callback. */
export async function startOAuth(test: IdentityTestApp, provider: 'github' | 'google', query = '') {
  const start = await test.app.inject({ url: `/api/auth/oauth/${provider}/start${query}` });
  expect(start.statusCode, start.body).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  const cookie = start.cookies.find((entry) => entry.name === 'cotacep_oauth_state');
  expect(cookie?.httpOnly).toBe(true);
  return {
    authorizeUrl,
    state: authorizeUrl.searchParams.get('state')!,
    cookie: `cotacep_oauth_state=${cookie!.value}`,
  };
}

export async function callback(
  test: IdentityTestApp,
  provider: 'github' | 'google',
  params: Record<string, string>,
  cookie?: string,
) {
  const response = await test.app.inject({
    url: `/api/auth/oauth/${provider}/callback?${new URLSearchParams(params)}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(String(response.headers.location));
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}
