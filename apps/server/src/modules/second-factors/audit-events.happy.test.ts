import type { LoginChallenge } from '@cotacep/shared/auth-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import {
  byThePerson,
  countEntries,
  expectNoSecrets,
  expectSoundLog,
  personalEntries,
  TEST_USER_AGENT,
  userIdOf,
} from '../../test/personal-audit.ts';
import { enrolTotp, totpCode, useTotpClock } from '../../test/totp.ts';

// Issue 26: the authenticator app and the recovery codes on the person's record: added, removed, used at
// sign-in, a wrong code a failed sign-in; never the key or a code itself.
const clock = useTotpClock();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const UA = { 'user-agent': TEST_USER_AGENT };
const call = (token: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  test.app.inject({ method, url, payload, headers: { ...bearer(token), ...UA } });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const challengeOf = async (email: string) =>
  ((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json() as LoginChallenge)
    .challenge.session;
const answer = (session: string, method: string, code: string) =>
  post(test.app, '/api/auth/login/challenge', { session, method, code }, UA);

async function person() {
  const { email, tokens } = await signedIn(test);
  const userId = await userIdOf(test.database.db, email);
  const seen = (await personalEntries(test.database.db, userId)).length;
  const added = async () => (await personalEntries(test.database.db, userId)).slice(seen);
  return { email, tokens, userId, added };
}

describe('authenticator app', () => {
  it('enabling it records auth.factor_added (totp); a wrong first code records nothing', async () => {
    const { tokens, userId, added } = await person();
    const start = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp');
    const { secret } = start.json() as { secret: string };
    const before = await countEntries(test.database.db);
    const wrong = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', {
      code: otherThan(totpCode(secret)),
    });
    expect(wrong.json().code).toBe('CodeMismatch');
    expect(await countEntries(test.database.db)).toBe(before);
    const code = totpCode(secret);
    const verify = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', { code });
    expect(verify.statusCode, verify.body).toBe(200);
    const entries = await added();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byThePerson(userId),
      event: 'auth.factor_added',
      details: { method: 'totp' },
    });
    expectNoSecrets(entries, [secret, code, ...verify.json().recoveryCodes]);
  });

  it('a new set of recovery codes is a factor entry too, without the codes', async () => {
    const { tokens, userId, added } = await person();
    await enrolTotp(test.app, tokens.accessToken);
    const response = await call(tokens.accessToken, 'POST', '/api/account/mfa/recovery-codes');
    expect(response.statusCode).toBe(200);
    const entries = await added();
    expect(entries.map((entry) => entry.details.method)).toEqual(['totp', 'recovery_codes']);
    expect(entries[1]).toMatchObject({ ...byThePerson(userId), event: 'auth.factor_added' });
    expectNoSecrets(entries, response.json().codes);
  });

  it('at sign-in: a wrong code is auth.sign_in_failed (second_factor, totp); the right one signs in with it', async () => {
    const { email, tokens, userId, added } = await person();
    const { secret, recoveryCodes } = await enrolTotp(test.app, tokens.accessToken);
    clock.advance(30);
    const session = await challengeOf(email);
    const wrong = await answer(session, 'totp', otherThan(totpCode(secret)));
    expect(wrong.json().code).toBe('CodeMismatch');
    const code = totpCode(secret);
    expect((await answer(session, 'totp', code)).statusCode).toBe(200);
    const recovery = await answer(await challengeOf(email), 'recovery', recoveryCodes![0]!);
    expect(recovery.statusCode, recovery.body).toBe(200);
    const entries = (await added()).slice(1);
    expect(entries.map((entry) => [entry.event, entry.details])).toEqual([
      ['auth.sign_in_failed', { reason: 'second_factor', method: 'totp' }],
      ['auth.signed_in', { method: 'password', secondFactor: 'totp' }],
      ['auth.signed_in', { method: 'password', secondFactor: 'recovery' }],
    ]);
    for (const entry of entries) expect(entry).toMatchObject(byThePerson(userId));
    expectNoSecrets(entries, [secret, code, recoveryCodes![0]!, session]);
  });

  it('removing it records auth.factor_removed; a wrong code or password records nothing', async () => {
    const { tokens, userId, added } = await person();
    const { secret } = await enrolTotp(test.app, tokens.accessToken);
    clock.advance(30);
    const before = await countEntries(test.database.db);
    const wrongCode = await call(tokens.accessToken, 'DELETE', '/api/account/mfa/totp', {
      password: PASSWORD,
      code: otherThan(totpCode(secret)),
    });
    expect(wrongCode.json().code).toBe('CodeMismatch');
    const wrongPassword = await call(tokens.accessToken, 'DELETE', '/api/account/mfa/totp', {
      password: 'not my password',
      code: totpCode(secret),
    });
    expect(wrongPassword.statusCode).toBeGreaterThanOrEqual(400);
    expect(await countEntries(test.database.db)).toBe(before);
    const removed = await call(tokens.accessToken, 'DELETE', '/api/account/mfa/totp', {
      password: PASSWORD,
      code: totpCode(secret),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const entries = (await added()).slice(1);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byThePerson(userId),
      event: 'auth.factor_removed',
      details: { method: 'totp' },
    });
    expectNoSecrets(entries, [secret, PASSWORD]);
  });
});

describe('the log as a whole', () => {
  it('verifies: every chain written by these flows is whole', async () => {
    await expectSoundLog(test.database.db);
  });
});
