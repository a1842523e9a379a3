import type { LoginChallenge } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaChallenges } from '../../db/schema/mfa-challenges.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { passkeys, webauthnChallenges } from '../../db/schema/second-factors.ts';
import { sha256 } from '../../lib/secrets.ts';
import { bearer, PASSWORD, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import {
  addPasskey,
  ORIGIN,
  registerPasskey,
  registrationOptions,
  signInOptions,
  signInWithPasskey,
} from '../../test/passkey-flows.ts';
import { createSoftwareAuthenticator } from '../../test/software-authenticator.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const en = { 'accept-language': 'en' };
const passkeysOf = (userToken: string) =>
  test.app.inject({ url: '/api/account/passkeys', headers: bearer(userToken) }).then((r) => r.json().items);

async function withPasskey() {
  const { email, tokens } = await signedIn(test);
  const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
  const { passkey } = await addPasskey(test, tokens.accessToken, authenticator, 'Notebook');
  return { email, tokens, authenticator, passkey };
}

const counterOf = async (id: string) =>
  (await test.database.db.select().from(passkeys).where(eq(passkeys.id, id)))[0]!.counter;

describe('registration refused, nothing stored', () => {
  it.each([
    ['another origin (a phishing page)', { origin: 'https://cotacep.example.net' }],
    ['another relying party', { rpId: 'evil.example' }],
  ])('%s: 400 PasskeyVerificationFailed in the request language', async (_case, overrides) => {
    const { tokens } = await signedIn(test);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    const response = await registerPasskey(test, tokens.accessToken, authenticator, {
      ...overrides,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PasskeyVerificationFailed',
      message: expect.stringContaining('Não foi possível verificar a passkey'),
    });
    expect(await passkeysOf(tokens.accessToken)).toEqual([]);
  });

  it('a ceremony answered twice: the second answer is refused', async () => {
    const { tokens } = await signedIn(test);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    const { ceremony, options } = await registrationOptions(test, tokens.accessToken);
    const body = { ceremony, name: 'One', response: authenticator.register(options) };
    expect((await post(test.app, '/api/account/passkeys', body, bearer(tokens.accessToken))).statusCode).toBe(
      201,
    );
    const replay = await post(
      test.app,
      '/api/account/passkeys',
      { ...body, response: authenticator.register(options) },
      { ...bearer(tokens.accessToken), ...en },
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'PasskeyCeremonyInvalid',
      message: 'This passkey request expired or was already used. Try again.',
    });
    expect(await passkeysOf(tokens.accessToken)).toHaveLength(1);
  });

  it('an expired ceremony is refused', async () => {
    const { tokens } = await signedIn(test);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    const { ceremony, options } = await registrationOptions(test, tokens.accessToken);
    await test.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, ceremony));
    const response = await post(
      test.app,
      '/api/account/passkeys',
      { ceremony, response: authenticator.register(options) },
      bearer(tokens.accessToken),
    );
    expect(response.json().code).toBe('PasskeyCeremonyInvalid');
    expect(await passkeysOf(tokens.accessToken)).toEqual([]);
  });

  it('an answer to another challenge (a tampered clientDataJSON) is refused', async () => {
    const { tokens } = await signedIn(test);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    const first = await registrationOptions(test, tokens.accessToken);
    const second = await registrationOptions(test, tokens.accessToken);
    const response = await post(
      test.app,
      '/api/account/passkeys',
      { ceremony: second.ceremony, response: authenticator.register(first.options) },
      bearer(tokens.accessToken),
    );
    expect(response.json().code).toBe('PasskeyVerificationFailed');
  });

  it('bad names: empty or too long, with the field message', async () => {
    const { tokens } = await signedIn(test);
    const { passkey } = await addPasskey(
      test,
      tokens.accessToken,
      createSoftwareAuthenticator({ origin: ORIGIN }),
      'Ok',
    );
    for (const [name, message] of [
      ['   ', 'Please enter a name for the passkey'],
      ['x'.repeat(65), 'The passkey name must have at most 64 characters'],
    ]) {
      const response = await test.app.inject({
        method: 'PATCH',
        url: `/api/account/passkeys/${passkey.id}`,
        headers: { ...bearer(tokens.accessToken), ...en },
        payload: { name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0].message).toBe(message);
    }
    expect((await passkeysOf(tokens.accessToken))[0].name).toBe('Ok');
  });
});

describe('sign-in refused, nothing changed', () => {
  it.each([
    ['another origin (a phishing page)', { origin: 'https://cotacep.example.net' }],
    ['another relying party', { rpId: 'evil.example' }],
  ])('%s', async (_case, overrides) => {
    const { authenticator, passkey } = await withPasskey();
    const response = await signInWithPasskey(test, authenticator, overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PasskeyVerificationFailed');
    expect(await counterOf(passkey.id)).toBe(0);
  });

  it('a tampered signature', async () => {
    const { authenticator, passkey } = await withPasskey();
    const { ceremony, options } = await signInOptions(test);
    const response = authenticator.authenticate(options);
    const signature = Buffer.from(response.response.signature, 'base64url');
    signature[signature.length - 1]! ^= 0x01;
    response.response.signature = signature.toString('base64url');
    const answer = await post(test.app, '/api/auth/passkey/verify', { ceremony, response });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('PasskeyVerificationFailed');
    expect(await counterOf(passkey.id)).toBe(0);
  });

  it('a replayed answer: the ceremony is spent', async () => {
    const { authenticator } = await withPasskey();
    const { ceremony, options } = await signInOptions(test);
    const response = authenticator.authenticate(options);
    expect((await post(test.app, '/api/auth/passkey/verify', { ceremony, response })).statusCode).toBe(200);
    const replay = await post(test.app, '/api/auth/passkey/verify', { ceremony, response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('PasskeyCeremonyInvalid');
  });

  it('an expired ceremony', async () => {
    const { authenticator } = await withPasskey();
    const { ceremony, options } = await signInOptions(test);
    await test.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, ceremony));
    const answer = await post(test.app, '/api/auth/passkey/verify', {
      ceremony,
      response: authenticator.authenticate(options),
    });
    expect(answer.json().code).toBe('PasskeyCeremonyInvalid');
  });

  it('a credential this site never registered', async () => {
    const stranger = createSoftwareAuthenticator({ origin: ORIGIN });
    const { options } = await registrationOptions(test, (await signedIn(test)).tokens.accessToken);
    stranger.register(options); // made, never sent to the server
    const answer = await signInWithPasskey(test, stranger);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('PasskeyVerificationFailed');
  });

  it('a passwordless answer without user verification (a key with no PIN)', async () => {
    const { authenticator } = await withPasskey();
    const answer = await signInWithPasskey(test, authenticator, { userVerified: false });
    expect(answer.json().code).toBe('PasskeyVerificationFailed');
  });

  it("another user's passkey cannot answer a login challenge, which stays open", async () => {
    const victim = await withPasskey();
    const attacker = await withPasskey();
    const login = await post(test.app, '/api/auth/login', { email: victim.email, password: PASSWORD });
    const { challenge } = login.json() as LoginChallenge;
    const { ceremony, options } = await signInOptions(test, challenge.session);
    const response = attacker.authenticator.authenticate({ ...options, allowCredentials: [] });
    const answer = await post(test.app, '/api/auth/passkey/verify', { ceremony, response });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('PasskeyVerificationFailed');
    const [row] = await test.database.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.sessionHash, sha256(challenge.session)));
    expect(row!.completedAt).toBeNull();
    expect(await counterOf(attacker.passkey.id)).toBe(0);
    // The victim's own passkey still answers it.
    expect(
      (await signInWithPasskey(test, victim.authenticator, { session: challenge.session })).statusCode,
    ).toBe(200);
  });

  it('an unknown or finished login challenge: 401 ChallengeSessionInvalid', async () => {
    const response = await post(test.app, '/api/auth/passkey/options', { session: 'not-a-session' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('ChallengeSessionInvalid');
  });
});

describe('removing the last strong factor', () => {
  const remove = (token: string, id: string, payload?: object) =>
    test.app.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${id}`,
      headers: { ...bearer(token), ...en },
      ...(payload ? { payload } : {}),
    });

  it('needs the password: without it 400 LastFactorNeedsPassword, a wrong one 400 ReauthenticationFailed', async () => {
    const { tokens, passkey } = await withPasskey();
    const without = await remove(tokens.accessToken, passkey.id);
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe('LastFactorNeedsPassword');
    const wrong = await remove(tokens.accessToken, passkey.id, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('ReauthenticationFailed');
    expect(await passkeysOf(tokens.accessToken)).toHaveLength(1);
  });

  it('is refused while an organization of the user requires two-factor, naming it', async () => {
    const { tokens, passkey } = await withPasskey();
    const [organization] = await test.database.db
      .update(organizations)
      .set({ requireTwoFactor: true })
      .where(eq(organizations.id, decodeJwt(tokens.accessToken).sub as string))
      .returning();
    const response = await remove(tokens.accessToken, passkey.id, { password: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'TwoFactorRequiredByOrganization',
      organizations: [{ id: organization!.id, name: organization!.name }],
    });
    expect(await passkeysOf(tokens.accessToken)).toHaveLength(1);
  });

  it('an unknown id: 404 PasskeyNotFound, before any password is asked for', async () => {
    const { tokens } = await withPasskey();
    const response = await remove(tokens.accessToken, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PasskeyNotFound');
  });
});
