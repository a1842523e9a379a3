import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, PASSWORD, post, signUpConfirmed } from '../../test/auth-flows.ts';
import { formOf, startHttpStub } from '../../test/http-stub.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';

// A Twilio-style gateway answering 201 with the message resource, as the Messages API does.
const sms = await startHttpStub((request) => ({
  status: 201,
  json: {
    sid: `SM${request.path.length}`,
    status: 'queued',
    body: formOf(request).Body,
    to: formOf(request).To,
  },
}));
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp({
    SMS_API_URL: sms.url,
    SMS_ACCOUNT_SID: 'AC123',
    SMS_AUTH_TOKEN: 'token',
    SMS_FROM: '+15005550006',
    CODE_RESEND_SECONDS: '1',
  });
});
afterAll(async () => {
  await test.close();
  await sms.close();
});

const enableMfa = (email: string, method: 'email' | 'sms', phone?: string) =>
  test.database.db
    .update(users)
    .set({ mfaEnabled: true, mfaMethod: method, ...(phone ? { phone } : {}) })
    .where(eq(users.email, email));

describe('login: happy paths', () => {
  it('answers the token set with the claims the SPA shows', async () => {
    const email = await signUpConfirmed(test);
    const response = await post(test.app, '/api/auth/login', { email, password: PASSWORD });
    const body = response.json();
    expect(body.expiresIn).toBe(900);
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      email,
      given_name: 'Ana',
      family_name: 'Souza',
      locale: 'pt-BR',
      token_use: 'access',
      aud: 'cotacep-portal',
      iss: 'http://localhost:3000',
    });
    // No organization and no plan: switching organizations never needs a new token (decision 033).
    expect(claims).not.toHaveProperty('plan');
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(decodeJwt(body.idToken)).toMatchObject({ token_use: 'id', email });
  });

  it('with e-mail MFA: a challenge, the code by e-mail, then the tokens', async () => {
    const email = await signUpConfirmed(test);
    await enableMfa(email, 'email');
    const login = await post(
      test.app,
      '/api/auth/login',
      { email, password: PASSWORD },
      { 'accept-language': 'en' },
    );
    expect(login.statusCode).toBe(200);
    const { challenge } = login.json();
    expect(challenge).toMatchObject({
      method: 'email',
      destination: 'u***@e***.com',
      resendAfter: 1,
      expiresIn: 900,
    });
    expect(challenge.session.length).toBeGreaterThanOrEqual(43);
    const mail = await test.smtp.waitFor(email, (m) => m.subject.includes('acesso'));
    expect(mail.text).toContain('5 minutos');
    const answer = await post(test.app, '/api/auth/login/challenge', {
      session: challenge.session,
      code: readCode(mail),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(
      (await test.app.inject({ url: '/api/account', headers: bearer(answer.json().accessToken) })).statusCode,
    ).toBe(200);
  });

  it('with SMS MFA: the code goes through the SMS gateway to the verified phone', async () => {
    const email = await signUpConfirmed(test);
    await enableMfa(email, 'sms', '+5511987654321');
    const login = await post(test.app, '/api/auth/login', { email, password: PASSWORD });
    const { challenge } = login.json();
    expect(challenge).toMatchObject({ method: 'sms', destination: '+55*******4321' });
    const sent = sms.requests.at(-1)!;
    expect(sent.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('AC123:token').toString('base64')}`);
    const form = formOf(sent);
    expect(form).toMatchObject({ To: '+5511987654321', From: '+15005550006' });
    const code = /(\d{6})/.exec(form.Body!)![1]!;
    const answer = await post(test.app, '/api/auth/login/challenge', { session: challenge.session, code });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().refreshToken).toEqual(expect.any(String));
  });

  it('resends a new code after the countdown; the old one stops working', async () => {
    const email = await signUpConfirmed(test);
    await enableMfa(email, 'email');
    const { challenge } = (await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json();
    const firstCode = readCode(await test.smtp.waitFor(email, (m) => m.subject.includes('acesso')));
    const before = test.smtp.countTo(email);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const resend = await post(test.app, '/api/auth/login/challenge/resend', { session: challenge.session });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().challenge.session).toBe(challenge.session);
    await test.smtp.waitFor(email, () => test.smtp.countTo(email) > before);
    const secondCode = readCode(test.smtp.messages.filter((m) => m.to.includes(email)).at(-1)!);
    if (secondCode !== firstCode) {
      const stale = await post(test.app, '/api/auth/login/challenge', {
        session: challenge.session,
        code: firstCode,
      });
      expect(stale.json().code).toBe('CodeMismatch');
    }
    const answer = await post(test.app, '/api/auth/login/challenge', {
      session: challenge.session,
      code: secondCode,
    });
    expect(answer.statusCode).toBe(200);
  });

  it('logout revokes the session named by the refresh token alone', async () => {
    const email = await signUpConfirmed(test);
    const tokens = (await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json();
    const logout = await post(
      test.app,
      '/api/auth/logout',
      { refreshToken: tokens.refreshToken },
      { 'accept-language': 'en' },
    );
    expect(logout.json()).toEqual({ message: 'You have been logged out.' });
    expect(
      (await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) })).statusCode,
    ).toBe(401);
  });
});
