import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaChallenges } from '../../db/schema/mfa-challenges.ts';
import { users } from '../../db/schema/users.ts';
import { PASSWORD, post, signUp, signUpConfirmed, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const en = { 'accept-language': 'en' };

async function challengeFor(email: string) {
  await test.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.email, email));
  const { challenge } = (await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json();
  const code = readCode(await test.smtp.waitFor(email, (m) => m.subject.includes('acesso')));
  return { session: challenge.session as string, code };
}

describe('login: errors', () => {
  it('gives the spec messages in English and Portuguese', async () => {
    const email = await signUpConfirmed(test);
    const english = await post(test.app, '/api/auth/login', { email, password: 'wrong password' }, en);
    expect(english.json()).toMatchObject({
      code: 'NotAuthorized',
      message: 'Incorrect e-mail or password.',
    });
    const empty = await post(test.app, '/api/auth/login', { email: '', password: '' }, en);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('ZodError');
    expect(empty.json().message.map((issue: { message: string }) => issue.message)).toEqual([
      'Please enter your email',
      'Please enter your password',
    ]);
  });

  it('refuses an unconfirmed account only after the right password', async () => {
    const email = uniqueEmail();
    await signUp(test, email);
    const wrong = await post(test.app, '/api/auth/login', { email, password: 'wrong password' }, en);
    expect(wrong.json().code).toBe('NotAuthorized');
    const right = await post(test.app, '/api/auth/login', { email, password: PASSWORD }, en);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: 'UserNotConfirmed',
      message: 'This e-mail is not confirmed yet.',
    });
  });

  it('MFA: a wrong code, an expired code, a used challenge and an unknown session', async () => {
    const email = await signUpConfirmed(test);
    const { session, code } = await challengeFor(email);
    const wrong = await post(
      test.app,
      '/api/auth/login/challenge',
      { session, code: code === '123456' ? '654321' : '123456' },
      en,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CodeMismatch',
      message: 'Invalid verification code provided, please try again.',
    });
    await test.database.db
      .update(mfaChallenges)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.destination, email));
    const expired = await post(test.app, '/api/auth/login/challenge', { session, code }, en);
    expect(expired.json()).toMatchObject({
      code: 'MfaCodeExpired',
      message: 'MFA code expired, please try again.',
    });

    const second = await signUpConfirmed(test);
    const fresh = await challengeFor(second);
    expect((await post(test.app, '/api/auth/login/challenge', fresh)).statusCode).toBe(200);
    const reused = await post(test.app, '/api/auth/login/challenge', fresh, en);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      code: 'ChallengeSessionInvalid',
      message: 'Invalid session for the user, session is expired.',
    });
    const unknown = await post(test.app, '/api/auth/login/challenge', { session: 'made-up', code: '123456' });
    expect(unknown.json().code).toBe('ChallengeSessionInvalid');
  });

  it('MFA: the fifth wrong code ends the challenge', async () => {
    const email = await signUpConfirmed(test);
    const { session, code } = await challengeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post(test.app, '/api/auth/login/challenge', { session, code: wrong })).json().code).toBe(
        'CodeMismatch',
      );
    }
    expect((await post(test.app, '/api/auth/login/challenge', { session, code })).json().code).toBe(
      'ChallengeSessionInvalid',
    );
  });

  it('MFA: resend within 60 s answers 429 with the wait', async () => {
    const email = await signUpConfirmed(test);
    const { session } = await challengeFor(email);
    const resend = await post(test.app, '/api/auth/login/challenge/resend', { session }, en);
    expect(resend.statusCode).toBe(429);
    expect(resend.json()).toMatchObject({ code: 'TooManyRequests', retryAfter: expect.any(Number) });
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(50);
  });

  it('MFA: the code field is required and at least 6 characters', async () => {
    const empty = await post(test.app, '/api/auth/login/challenge', { session: 's', code: '' }, en);
    expect(empty.json().message[0].message).toBe('Please enter the MFA code');
    const short = await post(test.app, '/api/auth/login/challenge', { session: 's', code: '123' }, en);
    expect(short.json().message[0].message).toBe('Code must be at least 6 characters long');
  });
});
