import { MAX_PASSKEYS_PER_USER } from '@cotacep/shared/passkey-limits';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { count, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { passkeys } from '../../db/schema/second-factors.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import {
  addPasskey,
  ORIGIN,
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

const ID = '00000000-0000-4000-8000-000000000000';
const ROUTES = [
  ['GET', '/api/account/passkeys'],
  ['POST', '/api/account/passkeys/options'],
  ['POST', '/api/account/passkeys'],
  ['PATCH', `/api/account/passkeys/${ID}`],
  ['DELETE', `/api/account/passkeys/${ID}`],
] as const;

async function withPasskey() {
  const { email, tokens } = await signedIn(test);
  const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
  const { passkey } = await addPasskey(test, tokens.accessToken, authenticator, 'Notebook');
  return { email, tokens, authenticator, passkey };
}

/** The session last proved its user 11 minutes ago: past the 10-minute re-authentication window. */
async function staleSession(accessToken: string) {
  await test.database.db
    .update(authSessions)
    .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(authSessions.id, decodeJwt(accessToken).sid as string));
}

describe('the account routes', () => {
  it.each(ROUTES)('%s %s needs the access token', async (method, url) => {
    const response = await test.app.inject({ method, url, payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('adding and removing need a recent re-authentication; listing and renaming do not', async () => {
    const { tokens, authenticator, passkey } = await withPasskey();
    const { ceremony, options } = await registrationOptions(test, tokens.accessToken);
    await staleSession(tokens.accessToken);
    const headers = bearer(tokens.accessToken);
    const refused = [
      await post(test.app, '/api/account/passkeys/options', undefined, headers),
      await post(
        test.app,
        '/api/account/passkeys',
        { ceremony, response: authenticator.register(options) },
        headers,
      ),
      await test.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${passkey.id}`, headers }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ReauthenticationRequired');
    }
    expect((await test.app.inject({ url: '/api/account/passkeys', headers })).json().items).toHaveLength(1);
    const renamed = await test.app.inject({
      method: 'PATCH',
      url: `/api/account/passkeys/${passkey.id}`,
      headers,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it("another user's passkey can be neither renamed nor removed", async () => {
    const owner = await withPasskey();
    const other = await signedIn(test);
    const headers = bearer(other.tokens.accessToken);
    const url = `/api/account/passkeys/${owner.passkey.id}`;
    const rename = await test.app.inject({ method: 'PATCH', url, headers, payload: { name: 'Mine now' } });
    expect(rename.statusCode).toBe(404);
    const remove = await test.app.inject({ method: 'DELETE', url, headers });
    expect(remove.statusCode).toBe(404);
    const [row] = await test.database.db.select().from(passkeys).where(eq(passkeys.id, owner.passkey.id));
    expect(row!.name).toBe('Notebook');
  });

  it("a registration ceremony is its user's: another user cannot complete it, its user still can", async () => {
    const owner = await signedIn(test);
    const other = await signedIn(test);
    const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
    const { ceremony, options } = await registrationOptions(test, owner.tokens.accessToken);
    const stolen = await post(
      test.app,
      '/api/account/passkeys',
      { ceremony, response: authenticator.register(options) },
      bearer(other.tokens.accessToken),
    );
    expect(stolen.json().code).toBe('PasskeyCeremonyInvalid');
    const own = await post(
      test.app,
      '/api/account/passkeys',
      { ceremony, response: authenticator.register(options) },
      bearer(owner.tokens.accessToken),
    );
    expect(own.statusCode, own.body).toBe(201);
  });

  it(`keeps at most ${MAX_PASSKEYS_PER_USER} per person, even when the last places are taken in parallel`, async () => {
    const { email, tokens } = await signedIn(test);
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    const held = MAX_PASSKEYS_PER_USER - 2;
    await test.database.db.insert(passkeys).values(
      Array.from({ length: held }, (_, index) => ({
        userId: user!.id,
        credentialId: `credential-${user!.id}-${index}`,
        publicKey: 'AA',
        counter: 0,
        transports: 'usb',
        deviceType: 'singleDevice',
        backedUp: false,
        name: `Key ${index}`,
      })),
    );
    // Three ceremonies opened while two places are left, then answered at the same moment.
    const answers = [];
    for (let index = 0; index < 3; index += 1) {
      const { ceremony, options } = await registrationOptions(test, tokens.accessToken);
      const authenticator = createSoftwareAuthenticator({ origin: ORIGIN });
      answers.push({ ceremony, response: authenticator.register(options) });
    }
    const results = await Promise.all(
      answers.map((answer) =>
        post(test.app, '/api/account/passkeys', answer, {
          ...bearer(tokens.accessToken),
          'accept-language': 'en',
        }),
      ),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 201, 409]);
    expect(results.find((result) => result.statusCode === 409)!.json()).toMatchObject({
      code: 'PasskeyLimitReached',
      message: `You can keep up to ${MAX_PASSKEYS_PER_USER} passkeys. Remove one you no longer use to add another.`,
    });
    const [stored] = await test.database.db
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, user!.id));
    expect(stored!.n).toBe(MAX_PASSKEYS_PER_USER);

    // Full: the browser is not even asked to make one.
    const refused = await post(test.app, '/api/account/passkeys/options', undefined, {
      ...bearer(tokens.accessToken),
      'accept-language': 'pt-BR',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Você pode manter até ${MAX_PASSKEYS_PER_USER} passkeys. Remova uma que não usa mais para adicionar outra.`,
    );
  });
});

describe('signing in', () => {
  it('a registration ceremony cannot be answered as a sign-in', async () => {
    const { tokens, authenticator } = await withPasskey();
    const { ceremony } = await registrationOptions(test, tokens.accessToken);
    const { options } = await signInOptions(test);
    const response = await post(test.app, '/api/auth/passkey/verify', {
      ceremony,
      response: authenticator.authenticate(options),
    });
    expect(response.json().code).toBe('PasskeyCeremonyInvalid');
  });

  it('an account whose e-mail is not confirmed does not sign in, as at login', async () => {
    const { email, authenticator } = await withPasskey();
    await test.database.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.email, email));
    const response = await signInWithPasskey(test, authenticator);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('UserNotConfirmed');
  });

  it('a passwordless answer naming another user (its user handle) is refused', async () => {
    const { authenticator } = await withPasskey();
    const { ceremony, options } = await signInOptions(test);
    const response = authenticator.authenticate(options);
    response.response.userHandle = isoBase64URL.fromUTF8String(crypto.randomUUID());
    const answer = await post(test.app, '/api/auth/passkey/verify', { ceremony, response });
    expect(answer.json().code).toBe('PasskeyVerificationFailed');
  });

  it('a cloned authenticator (its counter going back) is refused', async () => {
    const { authenticator } = await withPasskey();
    expect((await signInWithPasskey(test, authenticator)).statusCode).toBe(200);
    expect((await signInWithPasskey(test, authenticator)).statusCode).toBe(200);
    authenticator.credentials[0]!.counter = 0;
    const clone = await signInWithPasskey(test, authenticator);
    expect(clone.statusCode).toBe(400);
    expect(clone.json().code).toBe('PasskeyVerificationFailed');
  });
});
