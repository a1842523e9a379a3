import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, PASSWORD, post, signedIn, signUpConfirmed } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { callback, exchange, startOAuth } from '../../test/oauth-flows.ts';
import { startFakeProviders } from '../../test/oauth-providers.ts';
import { readCode } from '../../test/smtp-sink.ts';

const providers = await startFakeProviders();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp(providers.env);
});
afterAll(async () => {
  await test.close();
  await providers.close();
});

const expectNoStore = (response: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
  expect(response.statusCode, response.body).toBeLessThan(400);
  expect(response.headers['cache-control']).toBe('no-store');
};

describe('Cache-Control: no-store on every answer that carries a token or a secret', () => {
  it('login, refresh', async () => {
    const email = await signUpConfirmed(test);
    const login = await post(test.app, '/api/auth/login', { email, password: PASSWORD });
    expectNoStore(login);
    const refresh = await post(test.app, '/api/auth/token/refresh', {
      refreshToken: login.json().refreshToken,
    });
    expectNoStore(refresh);
  });

  it('the MFA challenge, its resend and its answer', async () => {
    const email = await signUpConfirmed(test);
    await test.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.email, email));
    const login = await post(test.app, '/api/auth/login', { email, password: PASSWORD });
    expectNoStore(login);
    const { session } = login.json().challenge;
    await test.smtp.waitFor(email, (mail) => mail.subject.includes('acesso'));
    const before = test.smtp.countTo(email);
    await test.database.db.execute('delete from code_delivery_throttle');
    const resend = await post(test.app, '/api/auth/login/challenge/resend', { session });
    expectNoStore(resend);
    await vi.waitFor(() => expect(test.smtp.countTo(email)).toBe(before + 1), { timeout: 5000 });
    const code = readCode(await test.smtp.waitFor(email, (mail) => mail.subject.includes('acesso')));
    const answer = await post(test.app, '/api/auth/login/challenge', { session, code });
    expectNoStore(answer);
  });

  it('the OAuth callback (a one-time code in its redirect) and the exchange', async () => {
    const { authorizeUrl, state, cookie } = await startOAuth(test, 'github');
    const code = providers.approve(authorizeUrl, 'gh-no-store');
    const response = await test.app.inject({
      url: `/api/auth/oauth/github/callback?${new URLSearchParams({ code, state })}`,
      headers: { cookie },
    });
    expectNoStore(response);
    const { authorizeUrl: again, state: state2, cookie: cookie2, browser } = await startOAuth(test, 'github');
    const back = await callback(
      test,
      'github',
      { code: providers.approve(again, 'gh-no-store-2'), state: state2 },
      cookie2,
    );
    expectNoStore(await exchange(test, back.fragment.get('oauthCode')!, browser));
  });

  it('API key creation and rotation', async () => {
    const { tokens } = await signedIn(test);
    const created = await post(
      test.app,
      '/api/keys',
      { description: 'Loja', kind: 'public', allowedOrigins: '*' },
      bearer(tokens.accessToken),
    );
    expectNoStore(created);
    const rotated = await post(
      test.app,
      `/api/keys/${created.json().key.id}/rotate`,
      {},
      bearer(tokens.accessToken),
    );
    expectNoStore(rotated);
  });

  it('but not on answers without a secret', async () => {
    const { tokens } = await signedIn(test);
    const account = await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) });
    expect(account.statusCode).toBe(200);
    expect(account.headers['cache-control']).toBeUndefined();
  });
});
