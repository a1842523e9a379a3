import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { PASSWORD, post, signUp, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const en = { 'accept-language': 'en' };
const form = (email: string, password = PASSWORD) => ({
  firstName: 'Ana',
  lastName: 'Souza',
  email,
  password,
  confirmPassword: password,
});
const countUsers = async () => (await test.database.db.select().from(users)).length;
const confirm = (email: string, code: string) =>
  post(test.app, '/api/auth/signup/confirm', { email, code }, en);

describe('sign-up: errors change nothing', () => {
  it('a duplicate e-mail, in any case, creates nothing (it answers like a new one: decision 017)', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    const before = await countUsers();
    const again = await post(test.app, '/api/auth/signup', form(email.toUpperCase()), en);
    expect(again.statusCode).toBe(201);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a short password with the policy message, in both languages', async () => {
    const before = await countUsers();
    const english = await post(test.app, '/api/auth/signup', form(uniqueEmail(), 'short'), en);
    expect(english.statusCode).toBe(400);
    expect(english.json().message[0]).toEqual({
      message: 'The password must have at least 8 characters.',
      path: ['password'],
    });
    const portuguese = await post(test.app, '/api/auth/signup', form(uniqueEmail(), 'short'));
    expect(portuguese.json().message[0].message).toBe('A senha precisa ter pelo menos 8 caracteres.');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a common password and a password over 128 characters', async () => {
    const before = await countUsers();
    const common = await post(test.app, '/api/auth/signup', form(uniqueEmail(), 'Password1234'), en);
    expect(common.json()).toMatchObject({
      code: 'PasswordTooCommon',
      message: 'This password is too common and easy to guess. Choose another one.',
    });
    const long = await post(test.app, '/api/auth/signup', form(uniqueEmail(), 'x'.repeat(129)), en);
    expect(long.json().message[0].message).toBe('The password can have at most 128 characters.');
    expect(await countUsers()).toBe(before);
  });

  it('refuses mismatched passwords, a bad phone and missing names', async () => {
    const mismatch = await post(
      test.app,
      '/api/auth/signup',
      { ...form(uniqueEmail()), confirmPassword: 'x' },
      en,
    );
    expect(mismatch.json().message[0]).toEqual({
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    });
    const phone = await post(
      test.app,
      '/api/auth/signup',
      { ...form(uniqueEmail()), phone: '11987654321' },
      en,
    );
    expect(phone.json().message[0].path).toEqual(['phone']);
    const names = await post(
      test.app,
      '/api/auth/signup',
      { ...form(uniqueEmail()), firstName: '', lastName: '' },
      en,
    );
    expect(names.json().message.map((issue: { message: string }) => issue.message)).toEqual([
      'Please enter your name',
      'Please enter Last Name',
    ]);
  });
});

describe('confirmation codes: wrong, expired, reused, exhausted', () => {
  it('a wrong code, then the right one; the used code cannot be used again', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    const code = readCode(await test.smtp.waitFor(email));
    const wrong = await confirm(email, code === '999999' ? '888888' : '999999');
    expect(wrong.json()).toMatchObject({
      code: 'CodeMismatch',
      message: 'Invalid verification code provided, please try again.',
    });
    expect((await confirm(email, code)).statusCode).toBe(200);
    expect((await confirm(email, code)).json().code).toBe('CodeMismatch');
  });

  it('an expired code asks for a new one and does not confirm', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    const code = readCode(await test.smtp.waitFor(email));
    await test.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.destination, email));
    const expired = await confirm(email, code);
    expect(expired.json()).toMatchObject({
      code: 'ExpiredCode',
      message: 'Invalid code provided, please request a code again.',
    });
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).toBeNull();
  });

  it('after 5 wrong codes even the right one is refused', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    const code = readCode(await test.smtp.waitFor(email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await confirm(email, wrong)).json().code).toBe('CodeMismatch');
    expect((await confirm(email, code)).json().code).toBe('ExpiredCode');
  });

  it('an unknown e-mail fails like a wrong code', async () => {
    expect((await confirm(uniqueEmail(), '123456')).json().code).toBe('CodeMismatch');
  });

  it('resend within 60 s of a resend answers 429 with the wait, for known and unknown e-mails alike', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    // A sign-up moments before does not count: only resends move the resend's own gap.
    expect((await post(test.app, '/api/auth/signup/resend', { email }, en)).statusCode).toBe(200);
    const known = await post(test.app, '/api/auth/signup/resend', { email }, en);
    expect(known.statusCode).toBe(429);
    expect(known.json()).toMatchObject({
      code: 'TooManyRequests',
      message: 'Too many attempts. Try again in 1 minute.',
    });
    const unknown = uniqueEmail();
    expect((await post(test.app, '/api/auth/signup/resend', { email: unknown })).statusCode).toBe(200);
    expect((await post(test.app, '/api/auth/signup/resend', { email: unknown })).statusCode).toBe(429);
  });
});

describe('e-mail delivery failing', () => {
  it('keeps the sign-up (201) when the code cannot be sent, without leaking it through other routes', async () => {
    const { createTestApp } = await import('../../test/app.ts');
    const broken = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', CAPTCHA_PROVIDER: 'off', CODE_RESEND_SECONDS: '1' },
    });
    try {
      const email = uniqueEmail();
      const signup = await post(broken.app, '/api/auth/signup', form(email));
      expect(signup.statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const forgot = await post(broken.app, '/api/auth/forget-password', { email });
      // Forgot-password answers before sending (no enumeration by timing), so it cannot report the failure.
      expect(forgot.statusCode).toBe(200);
      const challengeless = await post(broken.app, '/api/auth/login', { email, password: PASSWORD }, en);
      expect(challengeless.json().code).toBe('UserNotConfirmed');
    } finally {
      await broken.close();
    }
  });
});
