import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLockouts } from '../../db/schema/login-lockouts.ts';
import { mfaChallenges } from '../../db/schema/mfa-challenges.ts';
import { users } from '../../db/schema/users.ts';
import { PASSWORD, post, signUpConfirmed, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';
import { lockoutKey } from './lockout.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const login = (email: string, password: string) => post(test.app, '/api/auth/login', { email, password });
const lockoutRow = async (email: string) =>
  (
    await test.database.db
      .select()
      .from(loginLockouts)
      .where(eq(loginLockouts.emailHash, lockoutKey(email)))
  )[0];

describe('login: no enumeration', () => {
  it('answers a wrong password and an unknown e-mail with the same status, body and similar time', async () => {
    const email = await signUpConfirmed(test);
    const timed = async (address: string) => {
      await test.database.db.delete(loginLockouts);
      const started = performance.now();
      const response = await login(address, 'not the password');
      return { response, ms: performance.now() - started };
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    let last = { known: await timed(email), unknown: await timed(uniqueEmail('nobody')) };
    for (let sample = 0; sample < 7; sample += 1) {
      last = { known: await timed(email), unknown: await timed(uniqueEmail('nobody')) };
      known.push(last.known.ms);
      unknown.push(last.unknown.ms);
    }
    expect(last.known.response.statusCode).toBe(401);
    expect(last.unknown.response.statusCode).toBe(401);
    const strip = (body: string) => ({ ...JSON.parse(body), requestId: undefined });
    expect(strip(last.known.response.body)).toEqual(strip(last.unknown.response.body));
    expect(strip(last.known.response.body)).toMatchObject({
      code: 'NotAuthorized',
      message: 'E-mail ou senha incorretos.',
    });
    // Both pay one argon2id verification, so the typical times are close.
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('login: lockout', () => {
  it('locks after 5 consecutive failures, doubling the wait from 1 s, for unknown e-mails too', async () => {
    const email = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(email, 'wrong password')).json().code).toBe('NotAuthorized');
    }
    const locked = await login(email, 'wrong password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'PasswordAttemptsExceeded',
      message: 'Número de tentativas de senha excedido',
    });
    expect(locked.headers['retry-after']).toBe('1');
    const first = await lockoutRow(email);
    expect(first?.failures).toBe(5);
    expect(first!.lockedUntil!.getTime() - first!.lastFailureAt.getTime()).toBe(1000);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(email, 'wrong password')).json().code).toBe('NotAuthorized');
    const second = await lockoutRow(email);
    expect(second?.failures).toBe(6);
    expect(second!.lockedUntil!.getTime() - second!.lastFailureAt.getTime()).toBe(2000);
    const stillLocked = await login(email, 'wrong password');
    expect(stillLocked.json().code).toBe('PasswordAttemptsExceeded');
    expect(Number(stillLocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('refuses even the right password while locked, and caps the wait at 15 minutes', async () => {
    const email = await signUpConfirmed(test);
    await test.database.db
      .insert(loginLockouts)
      .values({ emailHash: lockoutKey(email), failures: 30, lastFailureAt: new Date() });
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    const row = await lockoutRow(email);
    expect(row!.lockedUntil!.getTime() - row!.lastFailureAt.getTime()).toBe(900_000);
    const right = await login(email, PASSWORD);
    expect(right.json().code).toBe('PasswordAttemptsExceeded');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(890);
  });

  it('forgets the failures after a success', async () => {
    const email = await signUpConfirmed(test);
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(email, 'wrong password');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect(await lockoutRow(email)).toBeUndefined();
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(email, 'wrong password');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('starts counting again after 15 quiet minutes', async () => {
    const email = await signUpConfirmed(test);
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000);
    await test.database.db
      .insert(loginLockouts)
      .values({ emailHash: lockoutKey(email), failures: 4, lastFailureAt: sixteenMinutesAgo });
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    expect((await lockoutRow(email))?.failures).toBe(1);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('MFA challenge: parallel guesses', () => {
  it('counts at most 5 of 50 parallel wrong codes, then the challenge is over even for the right code', async () => {
    const email = await signUpConfirmed(test);
    await test.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.email, email));
    const first = await login(email, PASSWORD);
    const { session } = first.json().challenge;
    const code = readCode(await test.smtp.waitFor(email, (mail) => mail.subject.includes('acesso')));
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(test.app, '/api/auth/login/challenge', { session, code: wrong })),
    );
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((c) => c === 'CodeMismatch').length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 'CodeMismatch' || c === 'ChallengeSessionInvalid')).toBe(true);
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    const [row] = await test.database.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.userId, user!.id));
    expect(row?.attempts).toBe(5);
    const right = await post(test.app, '/api/auth/login/challenge', { session, code });
    expect(right.json().code).toBe('ChallengeSessionInvalid');
  });
});

describe('per-IP limits', () => {
  it('answers 429 "Attempt limit exceeded" past the limit on an auth route', async () => {
    const limited = await createIdentityTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await post(
          limited.app,
          '/api/auth/forget-password',
          { email: uniqueEmail() },
          { 'accept-language': 'en' },
        );
        statuses.push(response.statusCode);
        if (attempt === 3) {
          expect(response.json()).toMatchObject({
            code: 'TooManyRequests',
            message: 'Attempt limit exceeded, please try after some time.',
          });
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
