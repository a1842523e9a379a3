import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { callback, exchange, FLOW_COOKIE, startLink, startOAuth } from '../../test/oauth-flows.ts';
import { startFakeProviders } from '../../test/oauth-providers.ts';

const providers = await startFakeProviders();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp(providers.env);
});
afterAll(async () => {
  await test.close();
  await providers.close();
});

describe('GitHub sign-in', () => {
  it('sends the browser to GitHub with PKCE and state, and back to the SPA with a one-time code', async () => {
    const { authorizeUrl, state, cookie, browser } = await startOAuth(
      test,
      'github',
      '?redirect=/account/settings',
    );
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(
      `${providers.githubServer.url}/login/oauth/authorize`,
    );
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: 'gh-client',
      redirect_uri: 'http://localhost:3000/api/auth/oauth/github/callback',
      code_challenge_method: 'S256',
      scope: 'read:user user:email',
    });
    const code = providers.approve(authorizeUrl, 'gh-code-1');
    const back = await callback(test, 'github', { code, state }, cookie);
    expect(back.location.origin + back.location.pathname).toBe('http://localhost:3000/auth/login');
    // The flow's cookie outlives the callback by the exchange's two minutes, then the exchange drops it.
    expect(back.response.cookies.find((entry) => entry.name === FLOW_COOKIE)).toMatchObject({
      maxAge: 120,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    const tokens = await exchange(test, back.fragment.get('oauthCode')!, browser);
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(tokens.json().redirectTo).toBe('/account/settings');
    expect(tokens.cookies.find((entry) => entry.name === FLOW_COOKIE)).toMatchObject({
      value: '',
      maxAge: 0,
    });
    const account = await test.app.inject({
      url: '/api/account',
      headers: bearer(tokens.json().accessToken),
    });
    expect(account.json()).toMatchObject({
      email: 'mona@example.com',
      firstName: 'Mona',
      lastName: 'Octocat',
      hasPassword: false,
      linkedProviders: ['github'],
    });
    // The exchange code works once.
    expect((await exchange(test, back.fragment.get('oauthCode')!, browser)).json().code).toBe(
      'OAuthStateInvalid',
    );
  });

  it('signs the same GitHub user into the same account, even after their e-mail changes there', async () => {
    const before = (await test.database.db.select().from(users)).length;
    providers.github.emails = [{ email: 'mona.new@example.com', primary: true, verified: true }];
    const { authorizeUrl, state, cookie, browser } = await startOAuth(test, 'github');
    const back = await callback(
      test,
      'github',
      { code: providers.approve(authorizeUrl, 'gh-code-2'), state },
      cookie,
    );
    const tokens = (await exchange(test, back.fragment.get('oauthCode')!, browser)).json();
    const account = (
      await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) })
    ).json();
    expect(account.email).toBe('mona@example.com');
    expect((await test.database.db.select().from(users)).length).toBe(before);
  });
});

describe('Google sign-in', () => {
  it('verifies the id token and its nonce, and creates a confirmed account', async () => {
    const { authorizeUrl, state, cookie, browser } = await startOAuth(test, 'google');
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid email profile');
    providers.google.nonce = authorizeUrl.searchParams.get('nonce')!;
    const back = await callback(
      test,
      'google',
      { code: providers.approve(authorizeUrl, 'g-code-1'), state },
      cookie,
    );
    const tokens = await exchange(test, back.fragment.get('oauthCode')!, browser);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const account = (
      await test.app.inject({ url: '/api/account', headers: bearer(tokens.json().accessToken) })
    ).json();
    expect(account).toMatchObject({
      email: 'ana.google@example.com',
      firstName: 'Ana',
      lastName: 'Lima',
      linkedProviders: ['google'],
    });
  });
});

describe('linking from the settings', () => {
  it('links GitHub to the signed-in account, which then signs in with it', async () => {
    providers.github.user = { id: 777, login: 'linker', name: 'Link Er' };
    providers.github.emails = [{ email: 'someone.else@example.com', primary: true, verified: true }];
    const { tokens } = await signedIn(test);
    const { authorizeUrl, state, cookie } = await startLink(test, 'github', tokens.accessToken);
    const back = await callback(
      test,
      'github',
      { code: providers.approve(authorizeUrl, 'gh-link'), state },
      cookie,
    );
    expect(back.location.pathname).toBe('/account/settings');
    expect(back.fragment.get('linked')).toBe('github');
    // A link ends at the callback: the flow's cookie goes there.
    expect(back.response.cookies.find((entry) => entry.name === FLOW_COOKIE)?.maxAge).toBe(0);
    const account = (
      await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) })
    ).json();
    expect(account.linkedProviders).toEqual(['github']);

    const again = await startOAuth(test, 'github');
    const signIn = await callback(
      test,
      'github',
      { code: providers.approve(again.authorizeUrl, 'gh-link-2'), state: again.state },
      again.cookie,
    );
    const viaGithub = (await exchange(test, signIn.fragment.get('oauthCode')!, again.browser)).json();
    const sameAccount = (
      await test.app.inject({ url: '/api/account', headers: bearer(viaGithub.accessToken) })
    ).json();
    expect(sameAccount.id).toBe(account.id);

    const unlink = await test.app.inject({
      method: 'DELETE',
      url: '/api/account/oauth/github',
      headers: bearer(tokens.accessToken),
    });
    expect(unlink.statusCode).toBe(204);
  });

  it('offers only configured providers', async () => {
    const body = (await test.app.inject({ url: '/api/auth/providers' })).json();
    expect(body.social).toEqual({ github: true, google: true });
  });
});
