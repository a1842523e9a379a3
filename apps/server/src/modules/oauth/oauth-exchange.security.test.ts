import { ERRORS } from '@cotacep/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { oauthAccounts } from '../../db/schema/oauth.ts';
import { signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import {
  callback,
  exchange,
  FLOW_COOKIE,
  type OAuthBrowser,
  startLink,
  startOAuth,
} from '../../test/oauth-flows.ts';
import { startFakeProviders } from '../../test/oauth-providers.ts';

// Login CSRF (issue 22): the attacker finishes GitHub's step with their own account and sends the victim the
// `/auth/login#oauthCode=…` link. Only the browser that started the flow may redeem its code.
const providers = await startFakeProviders();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp(providers.env);
});
afterAll(async () => {
  await test.close();
  await providers.close();
});

const counts = async () => ({
  sessions: (await test.database.db.select().from(authSessions)).length,
  links: (await test.database.db.select().from(oauthAccounts)).length,
});

let codes = 0;
/** The attacker's side: a flow started in their browser and finished at GitHub as themselves. */
async function attackersCode() {
  providers.github.user = { id: 66_600 + ++codes, login: `attacker${codes}`, name: 'Eve Attacker' };
  providers.github.emails = [{ email: `eve.${codes}@example.com`, primary: true, verified: true }];
  const started = await startOAuth(test, 'github');
  const back = await callback(
    test,
    'github',
    { code: providers.approve(started.authorizeUrl, `gh-csrf-${codes}`), state: started.state },
    started.cookie,
  );
  return { code: back.fragment.get('oauthCode')!, browser: started.browser };
}

/** A browser that has been on the site (it holds an XSRF cookie) but started no sign-in. */
async function freshBrowser(): Promise<OAuthBrowser> {
  const visit = await test.app.inject({ url: '/api/auth/providers' });
  const xsrf = visit.cookies.find((entry) => entry.name === 'XSRF-TOKEN')!.value;
  return { cookie: `XSRF-TOKEN=${xsrf}`, xsrf };
}

const expectRefused = (response: Awaited<ReturnType<typeof exchange>>, language: 'en' | 'pt-BR' = 'en') => {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({
    code: 'OAuthBrowserMismatch',
    message: ERRORS.OAuthBrowserMismatch[language],
  });
  expect(response.body).not.toContain('accessToken');
  // The refusal leaves whatever flow cookie that browser has alone.
  expect(response.cookies.find((entry) => entry.name === FLOW_COOKIE)).toBeUndefined();
};

describe('OAuth exchange: only the browser that started the flow', () => {
  it("refuses the attacker's code in a browser without the flow's cookie, in its language, changing nothing", async () => {
    const { code, browser } = await attackersCode();
    const before = await counts();
    expectRefused(await exchange(test, code, await freshBrowser(), 'pt-BR'), 'pt-BR');
    expectRefused(await exchange(test, code, await freshBrowser(), 'en'), 'en');
    // A client with no cookies at all (curl, a script): the same.
    expectRefused(await exchange(test, code));
    expect(await counts()).toEqual(before);
    // Refused attempts do not spend the code: the attacker's own browser can still finish (its own account).
    const own = await exchange(test, code, browser);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().accessToken).toBeTruthy();
  });

  it("refuses it in a browser holding another flow's cookie (its own abandoned sign-in), which stays usable", async () => {
    const { code } = await attackersCode();
    // The victim started a sign-in of their own and left it at GitHub's page.
    const victim = await startOAuth(test, 'github');
    const before = await counts();
    expectRefused(await exchange(test, code, victim.browser));
    expect(await counts()).toEqual(before);
    // The victim's own flow is untouched: it still finishes, and only in the victim's browser.
    providers.github.user = { id: 55_501, login: 'victim', name: 'Vic Tim' };
    providers.github.emails = [{ email: 'victim@example.com', primary: true, verified: true }];
    const back = await callback(
      test,
      'github',
      { code: providers.approve(victim.authorizeUrl, 'gh-victim'), state: victim.state },
      victim.cookie,
    );
    const mine = await exchange(test, back.fragment.get('oauthCode')!, victim.browser);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('refuses the code replayed in parallel from many clients without the cookie; then its browser finishes', async () => {
    const { code, browser } = await attackersCode();
    const before = await counts();
    const attempts = await Promise.all(
      Array.from({ length: 12 }, async (_, index) =>
        exchange(test, code, index % 2 ? await freshBrowser() : undefined),
      ),
    );
    for (const attempt of attempts) expectRefused(attempt);
    expect(await counts()).toEqual(before);
    const own = await exchange(test, code, browser);
    expect(own.statusCode, own.body).toBe(200);
    expect(await counts()).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it("refuses a cookie holding the state, which URLs and logs show: only the flow's secret opens it", async () => {
    const started = await startOAuth(test, 'github');
    const stateAsCookie = `${FLOW_COOKIE}=${started.state}; XSRF-TOKEN=${started.xsrf}`;
    const forged = await callback(
      test,
      'github',
      { code: providers.approve(started.authorizeUrl, 'gh-state-cookie'), state: started.state },
      stateAsCookie,
    );
    expect(forged.fragment.get('oauthError')).toBe('OAuthStateInvalid');
    const back = await callback(
      test,
      'github',
      { code: 'gh-state-cookie', state: started.state },
      started.cookie,
    );
    const code = back.fragment.get('oauthCode')!;
    expectRefused(await exchange(test, code, { cookie: stateAsCookie, xsrf: started.xsrf }));
    expect((await exchange(test, code, started.browser)).statusCode).toBe(200);
  });
});

describe('OAuth link: bound to the browser that started it', () => {
  it("links nothing when the callback comes from a browser without the flow's cookie or with another's", async () => {
    const { tokens } = await signedIn(test);
    providers.github.user = { id: 44_401, login: 'linked', name: 'Lin Ked' };
    providers.github.emails = [{ email: 'linked@example.com', primary: true, verified: true }];
    const link = await startLink(test, 'github', tokens.accessToken);
    const code = providers.approve(link.authorizeUrl, 'gh-link-csrf');
    const other = await startOAuth(test, 'github');
    const before = await counts();
    for (const cookie of [undefined, (await freshBrowser()).cookie, other.cookie]) {
      const refused = await callback(test, 'github', { code, state: link.state }, cookie);
      expect(refused.fragment.get('oauthError')).toBe('OAuthStateInvalid');
    }
    expect(await counts()).toEqual(before);
    const linked = await callback(test, 'github', { code, state: link.state }, link.cookie);
    expect(linked.fragment.get('linked')).toBe('github');
    expect((await counts()).links).toBe(before.links + 1);
  });
});

describe('the flow cookie over https', () => {
  it('is __Host- (Secure, Path=/, HttpOnly, Lax), and a plain-named one is ignored', async () => {
    const secure = await createIdentityTestApp({ ...providers.env, PUBLIC_URL: 'https://cotacep.example' });
    try {
      const start = await secure.app.inject({ url: '/api/auth/oauth/github/start' });
      const cookie = start.cookies.find((entry) => entry.name === `__Host-${FLOW_COOKIE}`);
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie?.domain).toBeUndefined();
      const authorizeUrl = new URL(String(start.headers.location));
      const state = authorizeUrl.searchParams.get('state')!;
      const code = providers.approve(authorizeUrl, 'gh-https');
      const callbackUrl = `/api/auth/oauth/github/callback?${new URLSearchParams({ code, state })}`;
      // What a sibling subdomain or an http page could plant: the same secret under the plain name.
      const planted = await secure.app.inject({
        url: callbackUrl,
        headers: { cookie: `${FLOW_COOKIE}=${cookie!.value}` },
      });
      expect(String(planted.headers.location)).toContain('oauthError=OAuthStateInvalid');
      const back = await secure.app.inject({
        url: callbackUrl,
        headers: { cookie: `__Host-${FLOW_COOKIE}=${cookie!.value}` },
      });
      expect(String(back.headers.location)).toContain('#oauthCode=');
    } finally {
      await secure.close();
    }
  });
});
