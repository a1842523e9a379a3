import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, post, signUp, uniqueEmail } from './test-support/flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from './test-support/identity-app.ts';
import { readCode } from './test-support/smtp-sink.ts';

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
});
