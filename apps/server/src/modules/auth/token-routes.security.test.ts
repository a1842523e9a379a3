import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, exportPKCS8, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens } from '../../db/schema/auth-sessions.ts';
import { sha256 } from '../../lib/secrets.ts';
import { bearer, logIn, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const account = (token: string) => test.app.inject({ url: '/api/account', headers: bearer(token) });
const refresh = (refreshToken: string) => post(test.app, '/api/auth/token/refresh', { refreshToken });

describe('refresh tokens', () => {
  it('are opaque, at least 128 bits, and stored only as a hash', async () => {
    const { tokens } = await signedIn(test);
    expect(Buffer.from(tokens.refreshToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await test.database.db.select().from(refreshTokens);
    expect(stored.some((row) => row.tokenHash === tokens.refreshToken)).toBe(false);
    expect(JSON.stringify(stored)).not.toContain(tokens.refreshToken);
  });

  /** Moves a token's rotation back in time, past the reuse interval (10 s by default). */
  const rotatedSecondsAgo = (refreshToken: string, seconds: number) =>
    test.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));

  it('presenting a rotated token again after the reuse interval revokes the whole family', async () => {
    const { tokens } = await signedIn(test);
    const rotated = await refresh(tokens.refreshToken);
    expect(rotated.statusCode).toBe(200);
    await rotatedSecondsAgo(tokens.refreshToken, 11);
    const replay = await refresh(tokens.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('RefreshTokenInvalid');
    // The newest token of the family and its access token die with it.
    expect((await refresh(rotated.json().refreshToken)).statusCode).toBe(401);
    expect((await account(rotated.json().accessToken)).statusCode).toBe(401);
    const { sid } = decodeJwt(tokens.accessToken) as { sid: string };
    const [session] = await test.database.db.select().from(authSessions).where(eq(authSessions.id, sid));
    expect(session?.revokedReason).toBe('refresh_reuse');
  });

  it('4 parallel uses of one token (two tabs): all get the same successor, and the user stays logged in', async () => {
    const { tokens } = await signedIn(test);
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(tokens.refreshToken)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const successors = new Set(answers.map((answer) => answer.json().refreshToken as string));
    expect(successors.size).toBe(1);
    const { sid } = decodeJwt(tokens.accessToken) as { sid: string };
    for (const answer of answers) {
      expect(decodeJwt(answer.json().accessToken).sid).toBe(sid);
      expect((await account(answer.json().accessToken)).statusCode).toBe(200);
    }
    const [successor] = successors;
    const next = await refresh(successor!);
    expect(next.statusCode).toBe(200);
    expect((await account(next.json().accessToken)).statusCode).toBe(200);
  });

  it('a reuse inside the interval, after the first answer, gets the same successor too', async () => {
    const { tokens } = await signedIn(test);
    const first = await refresh(tokens.refreshToken);
    await rotatedSecondsAgo(tokens.refreshToken, 9);
    const second = await refresh(tokens.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).toBe(first.json().refreshToken);
    expect((await refresh(second.json().refreshToken)).statusCode).toBe(200);
  });

  it('a reuse inside the interval of a logged-out session is refused', async () => {
    const { tokens } = await signedIn(test);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(200);
    await post(test.app, '/api/auth/logout', { refreshToken: tokens.refreshToken });
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });

  it('stop at the 30-day absolute lifetime, however recently rotated', async () => {
    const { tokens } = await signedIn(test);
    const { sid } = decodeJwt(tokens.accessToken) as { sid: string };
    await test.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, sid));
    expect((await refresh(tokens.refreshToken)).json().code).toBe('RefreshTokenInvalid');
  });

  it('an unknown token is refused with 401', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
  });
});

describe('access token verification', () => {
  /** Signs with a freshly made key: right claims, wrong signer. */
  const forge = async (header: Record<string, unknown>, claims: Record<string, unknown>): Promise<string> =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', ...header })
      .sign((await generateKeyPair('ES256')).privateKey);

  it('accepts a genuine token and publishes its key in the JWKS', async () => {
    const { tokens } = await signedIn(test);
    expect((await account(tokens.accessToken)).statusCode).toBe(200);
    const jwks = await test.app.inject({ url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    const { kid, alg } = decodeProtectedHeader(tokens.accessToken);
    expect(alg).toBe('ES256');
    const published = jwks.json().keys.find((key: { kid: string }) => key.kid === kid);
    expect(published).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(published.d).toBeUndefined();
  });

  it('refuses alg "none"', async () => {
    const { tokens } = await signedIn(test);
    const claims = decodeJwt(tokens.accessToken);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'at+jwt', kid: decodeProtectedHeader(tokens.accessToken).kid })}.${encode(claims)}.`;
    const response = await account(unsigned);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('Unauthorized');
  });

  it('refuses a token signed by another key, even with our kid and claims', async () => {
    const { tokens } = await signedIn(test);
    const header = decodeProtectedHeader(tokens.accessToken);
    const forged = await forge({ typ: 'at+jwt', kid: header.kid }, decodeJwt(tokens.accessToken));
    expect((await account(forged)).statusCode).toBe(401);
  });

  it('refuses an HMAC token keyed with our public key (algorithm confusion)', async () => {
    const { tokens } = await signedIn(test);
    const jwk = (await test.app.inject({ url: '/.well-known/jwks.json' })).json().keys[0];
    const secret = new TextEncoder().encode(JSON.stringify(jwk));
    const forged = await new SignJWT(decodeJwt(tokens.accessToken))
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: jwk.kid })
      .sign(secret);
    expect((await account(forged)).statusCode).toBe(401);
  });

  it('refuses the id token as an access token', async () => {
    const { tokens } = await signedIn(test);
    expect((await account(tokens.idToken)).statusCode).toBe(401);
  });

  it('with a configured key, refuses wrong audience, issuer, type and expired tokens signed by that very key', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const configured = await createIdentityTestApp({ JWT_PRIVATE_KEY: await exportPKCS8(privateKey) });
    try {
      const { tokens } = await signedIn(configured);
      const header = decodeProtectedHeader(tokens.accessToken);
      const claims = decodeJwt(tokens.accessToken);
      const resign = (overrides: Record<string, unknown>, typ = 'at+jwt') =>
        new SignJWT({ ...claims, ...overrides })
          .setProtectedHeader({ alg: 'ES256', kid: header.kid, typ })
          .sign(privateKey);
      const call = async (token: string) =>
        (await configured.app.inject({ url: '/api/account', headers: bearer(token) })).statusCode;
      expect(await call(await resign({}))).toBe(200);
      expect(await call(await resign({ aud: 'someone-else' }))).toBe(401);
      expect(await call(await resign({ iss: 'https://evil.example' }))).toBe(401);
      expect(await call(await resign({}, 'JWT'))).toBe(401);
      expect(await call(await resign({ token_use: 'id' }))).toBe(401);
      expect(await call(await resign({ exp: Math.floor(Date.now() / 1000) - 10 }))).toBe(401);
      const jwks = (await configured.app.inject({ url: '/.well-known/jwks.json' })).json();
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0].kid).toBe(header.kid);
    } finally {
      await configured.close();
    }
  });

  // Issue 22, item 5: the API document allows a logout with the bearer token alone, no body; it answered 400
  // and left the session alive.
  it('logout with the bearer token alone, no body, ends that session and no other', async () => {
    const cases: Array<{ label: string; headers: Record<string, string>; payload?: string }> = [
      { label: 'no body, no content type', headers: {} },
      { label: 'a JSON content type and no body', headers: { 'content-type': 'application/json' } },
      {
        label: 'a JSON content type and an empty body',
        headers: { 'content-type': 'application/json' },
        payload: '',
      },
      {
        label: 'a text content type and an empty body',
        headers: { 'content-type': 'text/plain' },
        payload: '',
      },
    ];
    for (const { label, headers, payload } of cases) {
      const { email, tokens } = await signedIn(test);
      const other = await logIn(test, email);
      const logout = await test.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...bearer(tokens.accessToken), 'accept-language': 'en', ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(logout.statusCode, `${label}: ${logout.body}`).toBe(200);
      expect(logout.json().message, label).toBeTypeOf('string');
      expect((await account(tokens.accessToken)).statusCode, label).toBe(401);
      expect((await refresh(tokens.refreshToken)).statusCode, label).toBe(401);
      // The same user's other session stays signed in.
      expect((await account(other.accessToken)).statusCode, label).toBe(200);
    }
  });

  it('refuses a token whose session was logged out, at once', async () => {
    const { tokens } = await signedIn(test);
    const logout = await post(test.app, '/api/auth/logout', {}, bearer(tokens.accessToken));
    expect(logout.statusCode).toBe(200);
    expect((await account(tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });
});
