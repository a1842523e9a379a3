import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, PASSWORD, post, signUp, signupBrowser, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

describe('sign-up and confirmation: happy paths', () => {
  it('signs up, e-mails a code and link in the chosen language, confirms, then logs in', async () => {
    const email = uniqueEmail('ana');
    const signup = await signUp(test, email, { language: 'en', phone: '+5511987654321' });
    expect(signup.json()).toMatchObject({
      userConfirmed: false,
      delivery: {
        method: 'email',
        destination: expect.stringMatching(/^a\*\*\*@e\*\*\*\.com$/),
        resendAfter: 60,
      },
    });
    const mail = await test.smtp.waitFor(email);
    expect(mail.subject).toBe('Confirm your Cotacep account');
    expect(mail.raw).toContain('text/html');
    const code = readCode(mail);
    expect(mail.text).toContain(
      `http://localhost:3000/auth/signup/confirm?email=${encodeURIComponent(email)}&code=${code}`,
    );

    const confirm = await post(
      test.app,
      '/api/auth/signup/confirm',
      { email, code },
      { 'accept-language': 'en' },
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ message: 'Account confirmed successfully, you can now login' });

    const login = await post(test.app, '/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(Object.keys(login.json()).sort()).toEqual(['accessToken', 'expiresIn', 'idToken', 'refreshToken']);
  });

  it('signs up and sends the code even when a resend for the address came moments before', async () => {
    const email = uniqueEmail('early');
    expect((await post(test.app, '/api/auth/signup/resend', { email })).statusCode).toBe(200);
    const signup = await signUp(test, email);
    expect(signup.json().delivery.resendAfter).toBe(60);
    expect(readCode(await test.smtp.waitFor(email))).toMatch(/^\d{6}$/);
  });

  it('resends the code of an unconfirmed account after the countdown', async () => {
    const quick = await createIdentityTestApp({ CODE_RESEND_SECONDS: '1' });
    try {
      const email = uniqueEmail();
      await signUp(quick, email);
      const first = readCode(await quick.smtp.waitFor(email));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const resend = await post(quick.app, '/api/auth/signup/resend', { email }, { 'accept-language': 'en' });
      expect(resend.json()).toEqual({
        message: 'A verification code has been sent.',
        delivery: { method: 'email', destination: 'u***@e***.com', resendAfter: 1 },
      });
      await quick.smtp.waitFor(email, () => quick.smtp.countTo(email) === 2);
      const second = readCode(quick.smtp.messages.filter((mail) => mail.to.includes(email)).at(-1)!);
      if (second !== first) {
        expect((await post(quick.app, '/api/auth/signup/confirm', { email, code: first })).json().code).toBe(
          'CodeMismatch',
        );
      }
      expect((await post(quick.app, '/api/auth/signup/confirm', { email, code: second })).statusCode).toBe(
        200,
      );
    } finally {
      await quick.close();
    }
  });

  it('in the browser that signed up, confirmation signs in as a login does (no password typed again)', async () => {
    const email = uniqueEmail('signed-in');
    const signup = await signUp(test, email);
    const browser = signupBrowser(signup);
    const code = readCode(await test.smtp.waitFor(email));

    const confirm = await post(test.app, '/api/auth/signup/confirm', { email, code }, browser);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['cache-control']).toBe('no-store');
    const answer = confirm.json();
    expect(Object.keys(answer).sort()).toEqual([
      'accessToken',
      'expiresIn',
      'idToken',
      'message',
      'refreshToken',
    ]);
    // A live session like a login's: the portal answers the token, and the session is listed as this one.
    const sessions = await test.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: bearer(answer.accessToken),
    });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().sessions).toEqual([
      expect.objectContaining({ current: true, method: 'password' }),
    ]);
    const refresh = await post(test.app, '/api/auth/token/refresh', { refreshToken: answer.refreshToken });
    expect(refresh.statusCode).toBe(200);
  });

  it('keeps the MFA rule of the login: an account with MFA on gets the challenge, not tokens', async () => {
    const email = uniqueEmail('mfa-first');
    const signup = await signUp(test, email);
    const browser = signupBrowser(signup);
    const code = readCode(await test.smtp.waitFor(email));
    await test.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.email, email));

    const confirm = await post(test.app, '/api/auth/signup/confirm', { email, code }, browser);
    expect(confirm.statusCode).toBe(200);
    const answer = confirm.json();
    expect(answer).not.toHaveProperty('accessToken');
    expect(answer.challenge).toMatchObject({ method: 'email', session: expect.any(String) });
    const mfaCode = readCode(await test.smtp.waitFor(email, () => test.smtp.countTo(email) === 2));
    const challenge = await post(test.app, '/api/auth/login/challenge', {
      session: answer.challenge.session,
      code: mfaCode,
    });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.json()).toHaveProperty('accessToken');
  });
});
