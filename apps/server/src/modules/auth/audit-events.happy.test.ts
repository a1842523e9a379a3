import type { LoginChallenge, TokenSet } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events.ts';
import {
  bearer,
  PASSWORD,
  post,
  signedIn,
  signUp,
  signUpConfirmed,
  signupBrowser,
  uniqueEmail,
} from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import {
  byThePerson,
  countEntries,
  expectNoSecrets,
  expectSoundLog,
  personalEntries,
  personalEvents,
  TEST_USER_AGENT,
  userIdOf,
} from '../../test/personal-audit.ts';
import { readCode } from '../../test/smtp-sink.ts';

// Issue 26: sign-up, confirmation, sign-ins and their failures, lockouts and password resets are on the
// person's record, written with the change, and nothing is written when the change fails.
const MAX_FAILURES = 3;
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) });
});
afterAll(() => test.close());

const UA = { 'user-agent': TEST_USER_AGENT };
const NEW_PASSWORD = 'a brand new passphrase';
const form = (email: string) => ({
  firstName: 'Ana',
  lastName: 'Souza',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
});
const login = (email: string, password = PASSWORD) =>
  post(test.app, '/api/auth/login', { email, password }, UA);
const currentSessionId = async (accessToken: string) => {
  const { sessions } = (
    await test.app.inject({ url: '/api/account/sessions', headers: bearer(accessToken) })
  ).json() as { sessions: { id: string; current: boolean }[] };
  return sessions.find((session) => session.current)!.id;
};

describe('sign-up and confirmation', () => {
  it('a sign-up writes account.signed_up on the person’s chain and organization.created on the organization’s', async () => {
    const email = uniqueEmail('signup');
    const response = await post(test.app, '/api/auth/signup', form(email), UA);
    expect(response.statusCode, response.body).toBe(201);
    const userId = await userIdOf(test.database.db, email);
    const entries = await personalEntries(test.database.db, userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byThePerson(userId),
      event: 'account.signed_up',
      sequence: 1,
      details: { method: 'password' },
    });
    const organization = await test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.chainId, userId));
    expect(organization).toHaveLength(1);
    expect(organization[0]).toMatchObject({
      event: 'organization.created',
      organizationId: userId,
      userId: null,
      details: { name: 'Ana Souza' },
      actorType: 'user',
      actorId: userId,
      targetType: 'organization',
      targetId: userId,
      ip: '127.0.0.1',
      userAgent: TEST_USER_AGENT,
    });
    expectNoSecrets([...entries, ...organization], [PASSWORD]);
  });

  it('a sign-up with a taken address answers alike and writes nothing anywhere (decision 017)', async () => {
    const email = await signUpConfirmed(test, uniqueEmail('taken'));
    const before = await countEntries(test.database.db);
    const taken = await post(test.app, '/api/auth/signup', form(email.toUpperCase()), UA);
    expect(taken.statusCode).toBe(201);
    expect(await countEntries(test.database.db)).toBe(before);
  });

  it('the code confirms the address (account.email_confirmed) and, in the sign-up browser, signs in', async () => {
    const email = uniqueEmail('confirm');
    const signup = await signUp(test, email);
    const code = readCode(await test.smtp.waitFor(email));
    const userId = await userIdOf(test.database.db, email);
    const wrong = await post(
      test.app,
      '/api/auth/signup/confirm',
      { email, code: code === '000000' ? '111111' : '000000' },
      UA,
    );
    expect(wrong.json().code).toBe('CodeMismatch');
    expect(await personalEvents(test.database.db, userId)).toEqual(['account.signed_up']);
    const confirm = await post(
      test.app,
      '/api/auth/signup/confirm',
      { email, code },
      { ...signupBrowser(signup), ...UA },
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const entries = await personalEntries(test.database.db, userId);
    expect(entries.map((entry) => entry.event)).toEqual([
      'account.signed_up',
      'account.email_confirmed',
      'auth.signed_in',
    ]);
    expect(entries[1]).toMatchObject({ ...byThePerson(userId), details: {} });
    expect(entries[2]).toMatchObject({
      ...byThePerson(userId),
      targetType: 'session',
      targetId: await currentSessionId(confirm.json().accessToken),
      details: { method: 'password' },
    });
    expectNoSecrets(entries, [code, confirm.json().accessToken, confirm.json().refreshToken]);
  });
});

describe('sign-in', () => {
  it('records auth.signed_in with the session it opened', async () => {
    const email = await signUpConfirmed(test, uniqueEmail('login'));
    const userId = await userIdOf(test.database.db, email);
    const response = await login(email);
    expect(response.statusCode).toBe(200);
    const tokens = response.json() as TokenSet;
    const [entry] = (await personalEntries(test.database.db, userId)).slice(-1);
    expect(entry).toMatchObject({
      ...byThePerson(userId),
      event: 'auth.signed_in',
      targetType: 'session',
      targetId: await currentSessionId(tokens.accessToken),
      details: { method: 'password' },
    });
    expectNoSecrets([entry!], [PASSWORD, tokens.accessToken, tokens.refreshToken]);
  });

  it('a wrong password records auth.sign_in_failed for the account, with an answer like an unknown e-mail’s', async () => {
    const email = await signUpConfirmed(test, uniqueEmail('wrong'));
    const userId = await userIdOf(test.database.db, email);
    const before = await personalEvents(test.database.db, userId);
    const wrong = await login(email, 'not the password at all');
    const unknown = await login(uniqueEmail('nobody'), 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: string) => ({ ...JSON.parse(body), requestId: undefined });
    expect(strip(wrong.body)).toEqual(strip(unknown.body));
    const entries = (await personalEntries(test.database.db, userId)).slice(before.length);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byThePerson(userId),
      event: 'auth.sign_in_failed',
      details: { reason: 'password', method: 'password' },
    });
    expectNoSecrets(entries, ['not the password at all']);
  });

  it('an unknown e-mail records nothing anywhere', async () => {
    const before = await countEntries(test.database.db);
    const email = uniqueEmail('ghost');
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1)
      expect((await login(email, 'whatever it is')).statusCode).toBe(401);
    expect((await login(email, 'whatever it is')).statusCode).toBe(429);
    expect(await countEntries(test.database.db)).toBe(before);
  });

  it('the failure that locks the address records auth.locked_out; refusals while locked record nothing', async () => {
    const email = await signUpConfirmed(test, uniqueEmail('locked'));
    const userId = await userIdOf(test.database.db, email);
    const before = (await personalEvents(test.database.db, userId)).length;
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1)
      expect((await login(email, 'guess number n')).statusCode).toBe(401);
    const locked = await login(email);
    expect(locked.statusCode).toBe(429);
    const entries = (await personalEntries(test.database.db, userId)).slice(before);
    expect(entries.map((entry) => entry.event)).toEqual([
      'auth.sign_in_failed',
      'auth.sign_in_failed',
      'auth.sign_in_failed',
      'auth.locked_out',
    ]);
    const lockout = entries[3]!;
    expect(lockout).toMatchObject({ ...byThePerson(userId), details: { failures: MAX_FAILURES } });
    const until = Date.parse(String(lockout.details.lockedUntil));
    expect(until).toBeGreaterThan(Date.now());
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a second step by e-mail: a wrong code is a failure of the second factor, the right one signs in with it', async () => {
    const { email, tokens } = await signedIn(test);
    const userId = await userIdOf(test.database.db, email);
    const enable = await test.app.inject({
      method: 'PUT',
      url: '/api/account/mfa',
      payload: { enabled: true, method: 'email' },
      headers: bearer(tokens.accessToken),
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const before = (await personalEvents(test.database.db, userId)).length;
    const { challenge } = (await login(email)).json() as LoginChallenge;
    const code = readCode(await test.smtp.waitFor(email, (mail) => mail.subject.includes('acesso')));
    const wrong = await post(
      test.app,
      '/api/auth/login/challenge',
      { session: challenge.session, code: code === '000000' ? '111111' : '000000' },
      UA,
    );
    expect(wrong.json().code).toBe('CodeMismatch');
    const right = await post(test.app, '/api/auth/login/challenge', { session: challenge.session, code }, UA);
    expect(right.statusCode, right.body).toBe(200);
    const entries = (await personalEntries(test.database.db, userId)).slice(before);
    // The password step alone writes nothing: no session yet.
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      ...byThePerson(userId),
      event: 'auth.sign_in_failed',
      details: { reason: 'second_factor', method: 'email' },
    });
    expect(entries[1]).toMatchObject({
      ...byThePerson(userId),
      event: 'auth.signed_in',
      details: { method: 'password', secondFactor: 'email' },
    });
    expectNoSecrets(entries, [code, challenge.session]);
  });
});

describe('password reset', () => {
  it('records auth.password_reset with the reset; a wrong code records nothing', async () => {
    const email = await signUpConfirmed(test, uniqueEmail('reset'));
    const userId = await userIdOf(test.database.db, email);
    await post(test.app, '/api/auth/forget-password', { email });
    const code = readCode(await test.smtp.waitFor(email, (mail) => mail.subject.includes('Redefina')));
    const before = await countEntries(test.database.db);
    const payload = { email, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const wrong = await post(
      test.app,
      '/api/auth/reset-password',
      { ...payload, code: code === '000000' ? '111111' : '000000' },
      UA,
    );
    expect(wrong.json().code).toBe('CodeMismatch');
    expect(await countEntries(test.database.db)).toBe(before);
    const reset = await post(test.app, '/api/auth/reset-password', { ...payload, code }, UA);
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = (await personalEntries(test.database.db, userId)).slice(-1);
    expect(entry).toMatchObject({ ...byThePerson(userId), event: 'auth.password_reset', details: {} });
    expectNoSecrets([entry!], [code, NEW_PASSWORD, PASSWORD]);
  });

  it('a reset that confirms an unconfirmed account records the confirmation too', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp(test, email);
    await test.smtp.waitFor(email);
    const userId = await userIdOf(test.database.db, email);
    await post(test.app, '/api/auth/forget-password', { email });
    const code = readCode(await test.smtp.waitFor(email, (mail) => mail.subject.includes('Redefina')));
    const reset = await post(
      test.app,
      '/api/auth/reset-password',
      { email, code, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      UA,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await personalEvents(test.database.db, userId)).toEqual([
      'account.signed_up',
      'auth.password_reset',
      'account.email_confirmed',
    ]);
  });
});

describe('the log as a whole', () => {
  it('verifies: every chain written by these flows is whole', async () => {
    await expectSoundLog(test.database.db);
  });
});
