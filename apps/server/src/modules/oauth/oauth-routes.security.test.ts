import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAccounts } from '../../db/schema/oauth.ts';
import { users } from '../../db/schema/users.ts';
import { signUpConfirmed } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { callback, startOAuth } from '../../test/oauth-flows.ts';
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

const counts = async () => ({
  users: (await test.database.db.select().from(users)).length,
  links: (await test.database.db.select().from(oauthAccounts)).length,
});

describe('OAuth: refused callbacks change nothing', () => {
  it('a wrong state, a state without its cookie and a reused state', async () => {
    const before = await counts();
    const tokenCalls = providers.githubServer.requests.length;
    const { authorizeUrl, state, cookie } = await startOAuth(test, 'github');
    const code = providers.approve(authorizeUrl, 'gh-sec-1');
    const wrong = await callback(test, 'github', { code, state: 'forged-state' }, cookie);
    expect(wrong.fragment.get('oauthError')).toBe('OAuthStateInvalid');
    const noCookie = await callback(test, 'github', { code, state });
    expect(noCookie.fragment.get('oauthError')).toBe('OAuthStateInvalid');
    expect(providers.githubServer.requests.length).toBe(tokenCalls);
    expect(await counts()).toEqual(before);

    const ok = await callback(test, 'github', { code, state }, cookie);
    expect(ok.fragment.get('oauthCode')).toBeTruthy();
    const replay = await callback(test, 'github', { code, state }, cookie);
    expect(replay.fragment.get('oauthError')).toBe('OAuthStateInvalid');
  });

  it('a Google id token with the wrong nonce', async () => {
    const before = await counts();
    const { authorizeUrl, state, cookie } = await startOAuth(test, 'google');
    providers.google.nonce = 'not-the-nonce-we-sent';
    const back = await callback(
      test,
      'google',
      { code: providers.approve(authorizeUrl, 'g-sec-1'), state },
      cookie,
    );
    expect(back.fragment.get('oauthError')).toBe('OAuthFailed');
    expect(await counts()).toEqual(before);
  });

  it('a wrong PKCE verifier (the provider refuses the code)', async () => {
    const { authorizeUrl, state, cookie } = await startOAuth(test, 'github');
    providers.approve(new URL(`${authorizeUrl.origin}/?code_challenge=someone-elses`), 'gh-sec-2');
    const back = await callback(test, 'github', { code: 'gh-sec-2', state }, cookie);
    expect(back.fragment.get('oauthError')).toBe('OAuthFailed');
  });

  it('a wrong PKCE verifier and an unknown code at Google (its token endpoint answers 400)', async () => {
    const before = await counts();
    const first = await startOAuth(test, 'google');
    providers.approve(new URL(`${first.authorizeUrl.origin}/?code_challenge=someone-elses`), 'g-sec-2');
    const refused = await callback(test, 'google', { code: 'g-sec-2', state: first.state }, first.cookie);
    expect(refused.fragment.get('oauthError')).toBe('OAuthFailed');
    const second = await startOAuth(test, 'google');
    const unknown = await callback(
      test,
      'google',
      { code: 'never-issued', state: second.state },
      second.cookie,
    );
    expect(unknown.fragment.get('oauthError')).toBe('OAuthFailed');
    expect(await counts()).toEqual(before);
  });

  it('never links by e-mail alone: an existing account with that e-mail is refused', async () => {
    const email = await signUpConfirmed(test);
    providers.github.user = { id: 999_001, login: 'impostor', name: 'Im Postor' };
    providers.github.emails = [{ email, primary: true, verified: true }];
    const before = await counts();
    const { authorizeUrl, state, cookie } = await startOAuth(test, 'github');
    const back = await callback(
      test,
      'github',
      { code: providers.approve(authorizeUrl, 'gh-sec-3'), state },
      cookie,
    );
    expect(back.fragment.get('oauthError')).toBe('UsernameExists');
    expect(await counts()).toEqual(before);
  });

  it('an unverified provider e-mail and the user denying access', async () => {
    providers.github.user = { id: 999_002, login: 'unverified', name: null };
    providers.github.emails = [{ email: 'unverified@example.com', primary: true, verified: false }];
    const first = await startOAuth(test, 'github');
    const back = await callback(
      test,
      'github',
      { code: providers.approve(first.authorizeUrl, 'gh-sec-4'), state: first.state },
      first.cookie,
    );
    expect(back.fragment.get('oauthError')).toBe('OAuthEmailUnverified');
    const second = await startOAuth(test, 'github');
    const denied = await callback(
      test,
      'github',
      { error: 'access_denied', state: second.state },
      second.cookie,
    );
    expect(denied.fragment.get('oauthError')).toBe('OAuthFailed');
  });

  it('an unconfigured provider and an open redirect are refused', async () => {
    const bare = await createIdentityTestApp();
    try {
      const start = await bare.app.inject({ url: '/api/auth/oauth/github/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json().code).toBe('OAuthProviderNotConfigured');
    } finally {
      await bare.close();
    }
    const open = await test.app.inject({ url: '/api/auth/oauth/github/start?redirect=//evil.example' });
    expect(open.statusCode).toBe(400);
  });
});
