import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post, signedIn, signUp, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset: happy path', () => {
  it('e-mails a 15-minute code, resets, ends every session, and the new password logs in', async () => {
    const { email, tokens } = await signedIn(test);
    const second = (await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json();
    const forgot = await post(test.app, '/api/auth/forget-password', { email }, { 'accept-language': 'en' });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().delivery).toEqual({
      method: 'email',
      destination: 'u***@e***.com',
      resendAfter: 60,
    });
    const mail = await test.smtp.waitFor(email, (m) => m.subject.includes('Redefina'));
    expect(mail.text).toContain('15 minutos');
    const reset = await post(
      test.app,
      '/api/auth/reset-password',
      { email, code: readCode(mail), newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { 'accept-language': 'en' },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({
      message: 'Password reset successfully, you can now login with your new password.',
    });
    for (const session of [tokens, second]) {
      expect(
        (await test.app.inject({ url: '/api/account', headers: bearer(session.accessToken) })).statusCode,
      ).toBe(401);
      expect(
        (await post(test.app, '/api/auth/token/refresh', { refreshToken: session.refreshToken })).statusCode,
      ).toBe(401);
    }
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(test.app, '/api/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('confirms an unconfirmed account, since the code proved the mailbox', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    await post(test.app, '/api/auth/forget-password', { email });
    const code = readCode(await test.smtp.waitFor(email, (m) => m.subject.includes('Redefina')));
    await post(test.app, '/api/auth/reset-password', {
      email,
      code,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect((await post(test.app, '/api/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('refresh: happy path', () => {
  it('rotates: a new refresh token and a new access token for the same session', async () => {
    const { tokens } = await signedIn(test);
    const refreshed = await post(test.app, '/api/auth/token/refresh', { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'idToken', 'refreshToken']);
    expect(body.refreshToken).not.toBe(tokens.refreshToken);
    expect(
      (await test.app.inject({ url: '/api/account', headers: bearer(body.accessToken) })).statusCode,
    ).toBe(200);
    const again = await post(test.app, '/api/auth/token/refresh', { refreshToken: body.refreshToken });
    expect(again.statusCode).toBe(200);
  });
});
