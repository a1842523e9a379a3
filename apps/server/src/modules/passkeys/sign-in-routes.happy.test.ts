import type { LoginChallenge, TokenSet } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema/second-factors.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, PASSWORD, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { addPasskey, ORIGIN, signInOptions, signInWithPasskey } from '../../test/passkey-flows.ts';
import { createSoftwareAuthenticator } from '../../test/software-authenticator.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

/** A confirmed account with one passkey on a software authenticator. */
async function withPasskey() {
  const { email, tokens } = await signedIn(test);
  const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
  const { passkey } = await addPasskey(test, tokens.accessToken, authenticator, 'Notebook');
  return { email, tokens, authenticator, passkey };
}

const sessionsOf = async (token: string) =>
  (await test.app.inject({ url: '/api/account/sessions', headers: bearer(token) })).json().sessions as {
    method: string;
    current: boolean;
  }[];

describe('sign in with a passkey alone ("Sign in with a passkey")', () => {
  it('asks for any discoverable credential of this site, with user verification', async () => {
    const { options } = await signInOptions(test);
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
  });

  it('signs in with no password: a session of method passkey, the passkey marked used', async () => {
    const { authenticator, passkey } = await withPasskey();
    const response = await signInWithPasskey(test, authenticator);
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json() as TokenSet;
    expect(tokens).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect((await sessionsOf(tokens.accessToken)).find((session) => session.current)?.method).toBe('passkey');
    const [row] = await test.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('is complete on its own for an account with two-factor on', async () => {
    const { email, authenticator } = await withPasskey();
    // The account has a strong factor now: a password login asks for a second step, a passkey does not.
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json()).toHaveProperty(
      'challenge',
    );
    const response = await signInWithPasskey(test, authenticator);
    expect(response.json()).toHaveProperty('accessToken');
  });
});

describe('a passkey as the second step of a login', () => {
  it('a password login offers the passkey first; answering it signs in and is remembered', async () => {
    const { email, authenticator, passkey } = await withPasskey();
    const login = await post(test.app, '/api/auth/login', { email, password: PASSWORD });
    const { challenge } = login.json() as LoginChallenge;
    expect(challenge.methods[0]).toBe('passkey');
    const { options } = await signInOptions(test, challenge.session);
    expect(options.allowCredentials?.map((entry) => entry.id)).toEqual([
      authenticator.credentials[0]!.id.toString('base64url'),
    ]);
    const response = await signInWithPasskey(test, authenticator, { session: challenge.session });
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json() as TokenSet;
    // The session began with the password; the passkey only answered its second step.
    expect((await sessionsOf(tokens.accessToken)).find((session) => session.current)?.method).toBe(
      'password',
    );
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.lastSecondFactor).toBe('passkey');
    const [row] = await test.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.lastUsedAt).not.toBeNull();
    // The challenge is spent: it takes no further answer.
    const again = await post(test.app, '/api/auth/passkey/options', { session: challenge.session });
    expect(again.json().code).toBe('ChallengeSessionInvalid');
  });
});
