import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { recoveryCodes, totpFactors } from '../../db/schema/second-factors.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, PASSWORD, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { enrolTotp, totpCode, useTotpClock } from '../../test/totp.ts';

const clock = useTotpClock();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

type Language = 'en' | 'pt-BR';
const call = (
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  language: Language = 'en',
) => test.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': language } });
const login = async (email: string) =>
  (await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json().challenge;

async function userId(email: string) {
  const [row] = await test.database.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

const totpRow = async (email: string) =>
  (
    await test.database.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.userId, await userId(email)))
  )[0];

describe('enrolment errors', () => {
  it('needs a recent re-authentication', async () => {
    const { email, tokens } = await signedIn(test);
    await test.database.db
      .update(authSessions)
      .set({ authenticatedAt: new Date(clock.now() - 11 * 60_000) })
      .where(eq(authSessions.id, decodeJwt(tokens.accessToken).sid as string));
    for (const url of [
      '/api/account/mfa/totp',
      '/api/account/mfa/totp/verify',
      '/api/account/mfa/recovery-codes',
    ]) {
      const response = await call(
        tokens.accessToken,
        'POST',
        url,
        url.endsWith('verify') ? { code: '123456' } : undefined,
      );
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('ReauthenticationRequired');
    }
    expect(await totpRow(email)).toBeUndefined();
  });

  it('a wrong code does not enable the app; the fifth ends the enrolment, and then even the right code is refused', async () => {
    const { email, tokens } = await signedIn(test);
    const { secret } = (await call(tokens.accessToken, 'POST', '/api/account/mfa/totp')).json();
    const right = totpCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', {
        code: wrong,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'CodeMismatch',
        message: 'Invalid verification code provided, please try again.',
      });
    }
    const ended = await call(
      tokens.accessToken,
      'POST',
      '/api/account/mfa/totp/verify',
      { code: right },
      'pt-BR',
    );
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({
      code: 'TotpNotEnrolled',
      message:
        'Não há aplicativo autenticador em configuração, ou a configuração terminou após códigos errados demais. Comece de novo para obter um novo QR code.',
    });
    expect((await totpRow(email))?.confirmedAt).toBeNull();
    // A new enrolment starts over.
    const again = (await call(tokens.accessToken, 'POST', '/api/account/mfa/totp')).json();
    const enabled = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', {
      code: totpCode(again.secret),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });

  it('verify without an enrolment, a second app, and recovery codes without a strong factor are refused', async () => {
    const { tokens } = await signedIn(test);
    const none = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', { code: '123456' });
    expect(none.json().code).toBe('TotpNotEnrolled');
    const codes = await call(tokens.accessToken, 'POST', '/api/account/mfa/recovery-codes');
    expect(codes.statusCode).toBe(409);
    expect(codes.json()).toMatchObject({
      code: 'StrongFactorRequired',
      message: 'Recovery codes need an authenticator app or a passkey. Add one first.',
    });
    await enrolTotp(test.app, tokens.accessToken);
    const second = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp', undefined, 'pt-BR');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'TotpAlreadyEnabled',
      message: 'Já há um aplicativo autenticador configurado. Remova-o antes de adicionar outro.',
    });
  });

  it('refuses a code that is not six digits with a clear message', async () => {
    const { tokens } = await signedIn(test);
    const response = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', { code: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ZodError', message: [{ message: 'Please enter code' }] });
  });
});

describe('removal errors', () => {
  it('the last strong factor needs the password and a current code; each refusal changes nothing', async () => {
    const { email, tokens } = await signedIn(test);
    const { secret } = await enrolTotp(test.app, tokens.accessToken);
    clock.advance(30);
    const attempts: [object, number, string][] = [
      [{ code: totpCode(secret) }, 400, 'LastFactorNeedsPassword'],
      [{ code: totpCode(secret), password: 'not the password' }, 400, 'ReauthenticationFailed'],
      [{ code: '000000', password: PASSWORD }, 400, 'CodeMismatch'],
    ];
    for (const [body, status, code] of attempts) {
      const response = await call(tokens.accessToken, 'DELETE', '/api/account/mfa/totp', body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
    }
    expect((await totpRow(email))?.confirmedAt).not.toBeNull();
    const codes = await test.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, await userId(email)));
    expect(codes).toHaveLength(10);
    const message = (
      await call(tokens.accessToken, 'DELETE', '/api/account/mfa/totp', { code: '123456' }, 'pt-BR')
    ).json().message;
    expect(message).toBe(
      'Este é seu último aplicativo autenticador ou passkey: informe sua senha para removê-lo.',
    );
  });

  it('without an app: 409 TotpNotEnrolled', async () => {
    const { tokens } = await signedIn(test);
    const response = await call(tokens.accessToken, 'DELETE', '/api/account/mfa/totp', {
      password: PASSWORD,
      code: '123456',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('TotpNotEnrolled');
  });
});

describe('challenge errors', () => {
  it('refuses a method the user does not have, before counting an attempt', async () => {
    const { email, tokens } = await signedIn(test);
    await enrolTotp(test.app, tokens.accessToken);
    const challenge = await login(email);
    for (const [url, body] of [
      ['/api/auth/login/challenge', { session: challenge.session, method: 'email', code: '123456' }],
      ['/api/auth/login/challenge', { session: challenge.session, code: '123456' }],
      ['/api/auth/login/challenge/resend', { session: challenge.session, method: 'sms' }],
      ['/api/auth/login/challenge/resend', { session: challenge.session }],
    ] as const) {
      const response = await post(test.app, url, body, { 'accept-language': 'en' });
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'SecondFactorUnavailable',
        message: 'This verification method is not set up for your account. Choose another one.',
      });
    }
    // No e-mail code was sent to an account without the e-mail factor.
    expect(
      test.smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject.includes('acesso')),
    ).toEqual([]);
  });

  it('a recovery code without a strong factor is not a method', async () => {
    const { email, tokens } = await signedIn(test);
    const { recoveryCodes: codes } = await enrolTotp(test.app, tokens.accessToken);
    // The app's row vanishes behind the routes' back: the codes alone must not sign in.
    await test.database.db.delete(totpFactors).where(eq(totpFactors.userId, await userId(email)));
    await test.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.email, email));
    const challenge = await login(email);
    expect(challenge.methods).toEqual(['email']);
    const response = await post(test.app, '/api/auth/login/challenge', {
      session: challenge.session,
      method: 'recovery',
      code: codes![0],
    });
    expect(response.json().code).toBe('SecondFactorUnavailable');
  });

  it('an expired challenge or an unknown session: 401 ChallengeSessionInvalid', async () => {
    const { email, tokens } = await signedIn(test);
    const { secret } = await enrolTotp(test.app, tokens.accessToken);
    const challenge = await login(email);
    clock.advance(16 * 60);
    const expired = await post(test.app, '/api/auth/login/challenge', {
      session: challenge.session,
      method: 'totp',
      code: totpCode(secret),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('ChallengeSessionInvalid');
    const unknown = await post(test.app, '/api/auth/login/challenge', {
      session: 'no-such-session',
      method: 'totp',
      code: totpCode(secret),
    });
    expect(unknown.json().code).toBe('ChallengeSessionInvalid');
    // The code was never checked: it still signs in on a new challenge.
    const fresh = await post(test.app, '/api/auth/login/challenge', {
      session: (await login(email)).session,
      method: 'totp',
      code: totpCode(secret),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});
