import type { LoginChallenge } from '@cotacep/shared/auth-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { addPasskey, ORIGIN, registerPasskey, signInWithPasskey } from '../../test/passkey-flows.ts';
import {
  byThePerson,
  countEntries,
  expectSoundLog,
  personalEntries,
  TEST_USER_AGENT,
  userIdOf,
} from '../../test/personal-audit.ts';
import { createSoftwareAuthenticator } from '../../test/software-authenticator.ts';

// Issue 26: passkeys on the person's record: added and removed (with their name), a sign-in with one alone
// or as the second step, and a refused answer to a second step.
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const UA = { 'user-agent': TEST_USER_AGENT };
const PHISHING = 'https://cotacep.example.evil';

async function person() {
  const { email, tokens } = await signedIn(test);
  const userId = await userIdOf(test.database.db, email);
  const seen = (await personalEntries(test.database.db, userId)).length;
  const added = async () => (await personalEntries(test.database.db, userId)).slice(seen);
  const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
  return { email, tokens, userId, added, authenticator };
}

describe('passkeys', () => {
  it('adding one records auth.factor_added with its name; a refused registration records nothing', async () => {
    const { tokens, userId, added, authenticator } = await person();
    const before = await countEntries(test.database.db);
    const refused = await registerPasskey(test, tokens.accessToken, authenticator, { origin: PHISHING });
    expect(refused.json().code).toBe('PasskeyVerificationFailed');
    expect(await countEntries(test.database.db)).toBe(before);
    const response = await registerPasskey(test, tokens.accessToken, authenticator, {
      name: 'Notebook',
      headers: UA,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { passkey } = response.json();
    const entries = await added();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byThePerson(userId),
      event: 'auth.factor_added',
      targetType: 'passkey',
      targetId: passkey.id,
      details: { method: 'passkey', name: 'Notebook' },
    });
  });

  it('a passkey alone signs in as method passkey', async () => {
    const { tokens, userId, added, authenticator } = await person();
    await addPasskey(test, tokens.accessToken, authenticator);
    const response = await signInWithPasskey(test, authenticator);
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = (await added()).slice(-1);
    expect(entry).toMatchObject({
      ...byThePerson(userId, null),
      event: 'auth.signed_in',
      details: { method: 'passkey' },
    });
  });

  it('as the second step: a refused answer is a failed sign-in, the right one signs in with it', async () => {
    const { email, tokens, userId, added, authenticator } = await person();
    await addPasskey(test, tokens.accessToken, authenticator);
    const challengeOf = async () =>
      ((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json() as LoginChallenge)
        .challenge.session;
    const refused = await signInWithPasskey(test, authenticator, {
      session: await challengeOf(),
      origin: PHISHING,
    });
    expect(refused.json().code).toBe('PasskeyVerificationFailed');
    const response = await signInWithPasskey(test, authenticator, { session: await challengeOf() });
    expect(response.statusCode, response.body).toBe(200);
    const entries = (await added()).slice(1);
    expect(entries.map((entry) => [entry.event, entry.details])).toEqual([
      ['auth.sign_in_failed', { reason: 'second_factor', method: 'passkey' }],
      ['auth.signed_in', { method: 'password', secondFactor: 'passkey' }],
    ]);
    for (const entry of entries) expect(entry).toMatchObject(byThePerson(userId, null));
  });

  it('a refused passwordless answer names no one for sure and records nothing', async () => {
    const { tokens, authenticator } = await person();
    await addPasskey(test, tokens.accessToken, authenticator);
    const before = await countEntries(test.database.db);
    const refused = await signInWithPasskey(test, authenticator, { origin: PHISHING });
    expect(refused.json().code).toBe('PasskeyVerificationFailed');
    expect(await countEntries(test.database.db)).toBe(before);
  });

  it('removing one records auth.factor_removed with its name; a wrong password records nothing', async () => {
    const { tokens, userId, added, authenticator } = await person();
    const { passkey } = await addPasskey(test, tokens.accessToken, authenticator, 'Celular');
    const remove = (password: string) =>
      test.app.inject({
        method: 'DELETE',
        url: `/api/account/passkeys/${passkey.id}`,
        payload: { password },
        headers: { ...bearer(tokens.accessToken), ...UA },
      });
    const before = await countEntries(test.database.db);
    expect((await remove('not my password')).statusCode).toBeGreaterThanOrEqual(400);
    expect(await countEntries(test.database.db)).toBe(before);
    expect((await remove(PASSWORD)).statusCode).toBe(204);
    const [entry] = (await added()).slice(-1);
    expect(entry).toMatchObject({
      ...byThePerson(userId),
      event: 'auth.factor_removed',
      targetType: 'passkey',
      targetId: passkey.id,
      details: { method: 'passkey', name: 'Celular' },
    });
  });
});

describe('the log as a whole', () => {
  it('verifies: every chain written by these flows is whole', async () => {
    await expectSoundLog(test.database.db);
  });
});
