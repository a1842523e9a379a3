import { expect } from 'vitest';
import type { IdentityTestApp } from './identity-app.ts';

export const FLOW_COOKIE = 'cotacep_oauth_flow';

/** What a browser keeps of a flow it started: its cookies (the flow's and the XSRF one) and the XSRF token. */
export type OAuthBrowser = { cookie: string; xsrf: string };

type Started = {
  statusCode: number;
  body: string;
  cookies: { name: string; value: string; httpOnly?: boolean }[];
};

function browserOf(response: Started): OAuthBrowser {
  const flow = response.cookies.find((entry) => entry.name === FLOW_COOKIE);
  expect(flow?.httpOnly, response.body).toBe(true);
  const xsrf = response.cookies.find((entry) => entry.name === 'XSRF-TOKEN')!.value;
  return { cookie: `${FLOW_COOKIE}=${flow!.value}; XSRF-TOKEN=${xsrf}`, xsrf };
}

/** The browser's side of a social sign-in: start, follow to the provider, come back to the callback. */
export async function startOAuth(test: IdentityTestApp, provider: 'github' | 'google', query = '') {
  const start = await test.app.inject({ url: `/api/auth/oauth/${provider}/start${query}` });
  expect(start.statusCode, start.body).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  const browser = browserOf(start);
  return { authorizeUrl, state: authorizeUrl.searchParams.get('state')!, ...browser, browser };
}

/** Linking from the settings: the signed-in SPA's POST, answered with the provider's address and the flow's cookie. */
export async function startLink(test: IdentityTestApp, provider: 'github' | 'google', accessToken: string) {
  const link = await test.app.inject({
    method: 'POST',
    url: `/api/account/oauth/${provider}/link`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(link.statusCode, link.body).toBe(200);
  const authorizeUrl = new URL(link.json().url);
  const browser = browserOf(link);
  return { authorizeUrl, state: authorizeUrl.searchParams.get('state')!, ...browser, browser };
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
  return { location, fragment: new URLSearchParams(location.hash.slice(1)), response };
}

/**
 * The SPA's exchange of `#oauthCode=…`: from `browser`, its cookies and the XSRF header axios echoes; without
 * one, as a client with no cookies (curl, or a browser that never started a flow here).
 */
export function exchange(test: IdentityTestApp, code: string, browser?: OAuthBrowser, language = 'en') {
  return test.app.inject({
    method: 'POST',
    url: '/api/auth/oauth/exchange',
    payload: { code },
    headers: {
      'accept-language': language,
      ...(browser ? { cookie: browser.cookie, 'x-xsrf-token': browser.xsrf } : {}),
    },
  });
}
