import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, post, signUp, uniqueEmail } from '../../test/auth-flows.ts';
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
});
