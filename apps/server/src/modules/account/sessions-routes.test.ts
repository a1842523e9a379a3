import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

describe('active sessions', () => {
  it('lists the sessions with the current one marked, and ends another', async () => {
    const { email, tokens } = await signedIn(test);
    const phone = (
      await test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
        headers: { 'user-agent': 'PhoneBrowser/1.0' },
      })
    ).json();
    const list = await test.app.inject({ url: '/api/account/sessions', headers: bearer(tokens.accessToken) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions;
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session: { current: boolean }) => session.current);
    expect(current.id).toBe(decodeJwt(tokens.accessToken).sid);
    const other = sessions.find((session: { current: boolean }) => !session.current);
    expect(other).toMatchObject({ userAgent: 'PhoneBrowser/1.0', method: 'password', ip: '127.0.0.1' });

    const end = await test.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${other.id}`,
      headers: bearer(tokens.accessToken),
    });
    expect(end.statusCode).toBe(204);
    expect(
      (await test.app.inject({ url: '/api/account', headers: bearer(phone.accessToken) })).statusCode,
    ).toBe(401);
    expect(
      (await post(test.app, '/api/auth/token/refresh', { refreshToken: phone.refreshToken })).statusCode,
    ).toBe(401);
    const after = (
      await test.app.inject({ url: '/api/account/sessions', headers: bearer(tokens.accessToken) })
    ).json();
    expect(after.sessions).toHaveLength(1);
  });

  it("cannot end another user's session, nor one twice", async () => {
    const alice = await signedIn(test);
    const bob = await signedIn(test);
    const bobSession = decodeJwt(bob.tokens.accessToken).sid as string;
    const attempt = await test.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${bobSession}`,
      headers: bearer(alice.tokens.accessToken),
    });
    expect(attempt.statusCode).toBe(404);
    expect(
      (await test.app.inject({ url: '/api/account', headers: bearer(bob.tokens.accessToken) })).statusCode,
    ).toBe(200);
    const bad = await test.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/not-a-uuid',
      headers: bearer(alice.tokens.accessToken),
    });
    expect(bad.statusCode).toBe(400);
  });
});
