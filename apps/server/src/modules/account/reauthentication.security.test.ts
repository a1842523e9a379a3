import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { emailChangeUndos } from '../../db/schema/email-change-undos.ts';
import { oauthAccounts } from '../../db/schema/oauth.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  logIn,
  PASSWORD,
  post,
  signedIn,
  signUpConfirmed,
  uniqueEmail,
} from '../../test/auth-flows.ts';
import { formOf, startHttpStub } from '../../test/http-stub.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';
import { maskEmail } from '../auth/mask.ts';

// Issue 22, item 2: with only a victim's access token, a thief changed the e-mail (the code went to the new,
// the thief's, address), turned the second step off and then reset the password through the new address.
const sms = await startHttpStub((request) => ({
  status: 201,
  json: { sid: 'SM1', status: 'queued', to: formOf(request).To },
}));
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp({
    SMS_API_URL: sms.url,
    SMS_ACCOUNT_SID: 'AC1',
    SMS_AUTH_TOKEN: 'secret',
    SMS_FROM: '+15005550006',
    GITHUB_CLIENT_ID: 'gh-client',
    GITHUB_CLIENT_SECRET: 'gh-secret',
    // A long first lock, so parallel attempts all land inside it however slow the machine is.
    LOGIN_LOCKOUT_BASE_SECONDS: '600',
  });
});
afterAll(async () => {
  await test.close();
  await sms.close();
});

const en = { 'accept-language': 'en' };
const call = (
  token: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  payload?: object,
) => test.app.inject({ method, url, payload, headers: { ...bearer(token), ...en } });
const lastSmsCode = () => /(\d{6})/.exec(formOf(sms.requests.at(-1)!).Body!)![1]!;
const sessionOf = (accessToken: string) => decodeJwt(accessToken).sid as string;

/**
 * The session last proved its user `minutes` ago: what the clock does to a victim who logged in and walked
 * away (the server compares `auth_sessions.authenticated_at` with the window, 10 minutes by default).
 */
async function provenMinutesAgo(accessToken: string, minutes: number) {
  await test.database.db
    .update(authSessions)
    .set({ authenticatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(authSessions.id, sessionOf(accessToken)));
}

async function userRow(email: string) {
  const [row] = await test.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

/** A victim with a verified phone, e-mail MFA on and GitHub linked, whose login is 11 minutes old. */
async function victim() {
  const { email, tokens } = await signedIn(test);
  const phone = `+55119${String(Date.now()).slice(-8)}`;
  expect((await call(tokens.accessToken, 'POST', '/api/account/phone', { phone })).statusCode).toBe(200);
  const verified = await call(tokens.accessToken, 'POST', '/api/account/phone/verify', {
    code: lastSmsCode(),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const mfa = await call(tokens.accessToken, 'PUT', '/api/account/mfa', { enabled: true, method: 'email' });
  expect(mfa.statusCode, mfa.body).toBe(200);
  const user = await userRow(email);
  // What linking GitHub leaves behind (the link flow itself is oauth's own tests').
  await test.database.db
    .insert(oauthAccounts)
    .values({ provider: 'github', providerUserId: `gh-${user.id}`, userId: user.id, email });
  await provenMinutesAgo(tokens.accessToken, 11);
  return { email, phone, tokens, user };
}

describe('a bare access token', () => {
  it('cannot change the e-mail, phone, password, MFA or social links: 403 and nothing changes', async () => {
    const { email, tokens, user } = await victim();
    const thief = uniqueEmail('thief');
    const smsBefore = sms.requests.length;
    const attempts = [
      ['POST', '/api/account/email', { email: thief }],
      ['POST', '/api/account/email/verify', { code: '123456' }],
      ['PUT', '/api/account/mfa', { enabled: false, method: 'email' }],
      ['PUT', '/api/account/mfa', { enabled: true, method: 'sms' }],
      ['POST', '/api/account/phone', { phone: '+5521988887777' }],
      ['POST', '/api/account/phone/verify', { code: '123456' }],
      [
        'POST',
        '/api/account/password',
        {
          currentPassword: PASSWORD,
          newPassword: 'the thief password',
          confirmPassword: 'the thief password',
        },
      ],
      ['DELETE', '/api/account/oauth/github', undefined],
      ['POST', '/api/account/oauth/github/link', undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await call(tokens.accessToken, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'ReauthenticationRequired',
        message:
          'For your security, confirm it is you: enter your password or a verification code again to make this change.',
        // MFA is on, so a code to the second factor works as well as the password.
        methods: ['password', 'code'],
      });
    }
    const pt = await test.app.inject({
      method: 'PUT',
      url: '/api/account/mfa',
      payload: { enabled: false, method: 'email' },
      headers: { ...bearer(tokens.accessToken), 'accept-language': 'pt-BR' },
    });
    expect(pt.json().message).toBe(
      'Por segurança, confirme que é você: informe sua senha ou um código de verificação novamente para fazer esta alteração.',
    );

    const after = await userRow(email);
    expect(after).toMatchObject({
      email,
      pendingEmail: null,
      phone: user.phone,
      pendingPhone: null,
      mfaEnabled: true,
      mfaMethod: 'email',
    });
    const links = await test.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.id));
    expect(links.map((link) => link.provider)).toEqual(['github']);
    expect(test.smtp.countTo(thief)).toBe(0);
    expect(sms.requests.length).toBe(smsBefore);
    // The password is the one it was: a login still asks for the MFA code.
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json()).toHaveProperty(
      'challenge',
    );
  });

  it('still reads and edits the profile: only the sensitive changes wait for a re-authentication', async () => {
    const { tokens } = await victim();
    expect((await call(tokens.accessToken, 'GET', '/api/account')).statusCode).toBe(200);
    const patch = await call(tokens.accessToken, 'PATCH', '/api/account', { firstName: 'Bia' });
    expect(patch.statusCode, patch.body).toBe(200);
    // Turning a second step on (or saving it unchanged) weakens nothing.
    const same = await call(tokens.accessToken, 'PUT', '/api/account/mfa', {
      enabled: true,
      method: 'email',
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('re-authentication', () => {
  it('with the password lets the session make each change for the window; after it, they are refused again', async () => {
    const { email, tokens, user } = await victim();
    const reauth = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate', {
      password: PASSWORD,
    });
    expect(reauth.statusCode, reauth.body).toBe(200);
    expect(reauth.json()).toEqual({ message: 'Identity confirmed.', expiresIn: 600 });

    const phone = await call(tokens.accessToken, 'POST', '/api/account/phone', { phone: '+5521977776666' });
    expect(phone.statusCode, phone.body).toBe(200);
    const phoneVerified = await call(tokens.accessToken, 'POST', '/api/account/phone/verify', {
      code: lastSmsCode(),
    });
    expect(phoneVerified.json()).toMatchObject({ phone: '+5521977776666' });
    const method = await call(tokens.accessToken, 'PUT', '/api/account/mfa', {
      enabled: true,
      method: 'sms',
    });
    expect(method.json().mfa).toEqual({ enabled: true, method: 'sms' });
    const off = await call(tokens.accessToken, 'PUT', '/api/account/mfa', { enabled: false, method: 'sms' });
    expect(off.json().mfa).toEqual({ enabled: false, method: 'sms' });
    expect((await call(tokens.accessToken, 'DELETE', '/api/account/oauth/github')).statusCode).toBe(204);
    const link = await call(tokens.accessToken, 'POST', '/api/account/oauth/github/link');
    expect(link.statusCode, link.body).toBe(200);
    const next = `next.${email}`;
    expect((await call(tokens.accessToken, 'POST', '/api/account/email', { email: next })).statusCode).toBe(
      200,
    );
    const code = readCode(await test.smtp.waitFor(next));
    const verified = await call(tokens.accessToken, 'POST', '/api/account/email/verify', { code });
    expect(verified.json()).toMatchObject({ email: next, pendingEmail: null });

    await provenMinutesAgo(tokens.accessToken, 11);
    const password = await call(tokens.accessToken, 'POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'another fine passphrase',
      confirmPassword: 'another fine passphrase',
    });
    expect(password.json().code).toBe('ReauthenticationRequired');
    // No password change without a second factor now: a code is not offered, the password is.
    expect(password.json().methods).toEqual(['password']);
    expect((await userRow(next)).id).toBe(user.id);
  });

  it('with a code to the second factor, or by e-mail when there is no password', async () => {
    const { email, tokens } = await victim();
    const sent = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate/code');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: 'We sent a code to confirm it is you.',
      delivery: { method: 'email', destination: maskEmail(email) },
    });
    const mail = await test.smtp.waitFor(email, (message) => message.subject.includes('Confirme que é você'));
    const reauth = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate', {
      code: readCode(mail),
    });
    expect(reauth.statusCode, reauth.body).toBe(200);
    const off = await call(tokens.accessToken, 'PUT', '/api/account/mfa', {
      enabled: false,
      method: 'email',
    });
    expect(off.statusCode, off.body).toBe(200);
    // The code was used once.
    await provenMinutesAgo(tokens.accessToken, 11);
    const again = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate', {
      code: readCode(mail),
    });
    expect(again.json().code).toBe('ReauthenticationFailed');

    // With a password and no second factor, the password it is: no code is sent.
    const refused = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate/code');
    expect(refused.json().code).toBe('ReauthenticationFailed');

    // An account made through a social provider has no password: its code comes by e-mail.
    const social = await signedIn(test);
    const socialUser = await userRow(social.email);
    await test.database.db.delete(userCredentials).where(eq(userCredentials.userId, socialUser.id));
    await provenMinutesAgo(social.tokens.accessToken, 11);
    const required = await call(social.tokens.accessToken, 'PUT', '/api/account/mfa', {
      enabled: true,
      method: 'email',
    });
    expect(required.statusCode).toBe(200);
    const unlinkless = await call(social.tokens.accessToken, 'POST', '/api/account/email', {
      email: `x.${social.email}`,
    });
    expect(unlinkless.json()).toMatchObject({ code: 'ReauthenticationRequired', methods: ['code'] });
    expect(
      (await call(social.tokens.accessToken, 'POST', '/api/account/reauthenticate/code')).statusCode,
    ).toBe(200);
    const socialMail = await test.smtp.waitFor(social.email, (message) =>
      message.subject.includes('Confirme que é você'),
    );
    expect(
      (
        await call(social.tokens.accessToken, 'POST', '/api/account/reauthenticate', {
          code: readCode(socialMail),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong password exactly like a wrong code, and counts the password toward the lockout', async () => {
    const { email, tokens } = await victim();
    const wrongPassword = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate', {
      password: 'not my password',
    });
    const wrongCode = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate', {
      code: '000000',
    });
    expect(wrongPassword.statusCode).toBe(400);
    const { requestId: _a, ...password } = wrongPassword.json();
    const { requestId: _b, ...code } = wrongCode.json();
    expect(password).toEqual({
      code: 'ReauthenticationFailed',
      message: 'The password or code is incorrect or has expired.',
    });
    expect(code).toEqual(password);
    expect(wrongCode.statusCode).toBe(wrongPassword.statusCode);
    // Still not re-authenticated.
    const off = await call(tokens.accessToken, 'PUT', '/api/account/mfa', {
      enabled: false,
      method: 'email',
    });
    expect(off.statusCode).toBe(403);

    // Four more wrong passwords make five: the login itself is locked, as after five wrong logins.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate', {
        password: `wrong ${attempt}`,
      });
      expect(response.json().code).toBe('ReauthenticationFailed');
    }
    const login = await post(test.app, '/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(429);
    expect(login.json().code).toBe('PasswordAttemptsExceeded');
  });

  it('throttles parallel wrong passwords: at most the lockout maximum are verified', async () => {
    const { tokens } = await victim();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(tokens.accessToken, 'POST', '/api/account/reauthenticate', { password: `guess ${index}` }),
      ),
    );
    const codes = responses.map((response) => response.json().code);
    expect(codes.filter((code) => code === 'ReauthenticationFailed').length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 'PasswordAttemptsExceeded').length).toBeGreaterThanOrEqual(15);
    expect(new Set(codes)).toEqual(new Set(['ReauthenticationFailed', 'PasswordAttemptsExceeded']));
    // Locked: even the right password waits.
    const right = await call(tokens.accessToken, 'POST', '/api/account/reauthenticate', {
      password: PASSWORD,
    });
    expect(right.statusCode).toBe(429);
  });

  it('is limited per client like the other identity routes', async () => {
    const limited = await createIdentityTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const tokens = await logIn(limited, await signUpConfirmed(limited));
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/account/reauthenticate',
          payload: { code: '000000' },
          headers: bearer(tokens.accessToken),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('an e-mail change', () => {
  it('tells the old address, ends the other sessions, and its link undoes the change once', async () => {
    const { email, tokens } = await signedIn(test);
    const other = await logIn(test, email);
    const next = uniqueEmail('next');
    expect((await call(tokens.accessToken, 'POST', '/api/account/email', { email: next })).statusCode).toBe(
      200,
    );
    const verify = await call(tokens.accessToken, 'POST', '/api/account/email/verify', {
      code: readCode(await test.smtp.waitFor(next)),
    });
    expect(verify.statusCode, verify.body).toBe(200);

    // The old address is told, in the account's language, naming the new one masked, with the way back.
    const notice = await test.smtp.waitFor(email, (mail) => mail.subject.includes('foi alterado'));
    expect(notice.subject).toBe('O e-mail da sua conta Cotacep foi alterado');
    expect(notice.text).toContain(maskEmail(next));
    expect(notice.text).not.toContain(next);
    const token = /\/auth\/email-change\/undo#token=([\w-]+)/.exec(notice.text)?.[1];
    expect(token, notice.text).toBeTruthy();
    expect(notice.text).toContain('http://localhost:3000/auth/email-change/undo#token=');

    // Every other session ended (its access token and its refresh token); this one stays.
    expect((await call(other.accessToken, 'GET', '/api/account')).statusCode).toBe(401);
    expect(
      (await post(test.app, '/api/auth/token/refresh', { refreshToken: other.refreshToken })).statusCode,
    ).toBe(401);
    expect((await call(tokens.accessToken, 'GET', '/api/account')).json().email).toBe(next);

    // The thief asks for a reset code at the new address before the owner undoes the change.
    expect((await post(test.app, '/api/auth/forget-password', { email: next })).statusCode).toBe(200);
    const thiefReset = readCode(await test.smtp.waitFor(next, (mail) => mail.subject.includes('Redefina')));

    const undo = await post(test.app, '/api/auth/email-change/undo', { token }, en);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({
      message: 'Your previous e-mail is back and every device was signed out. Set a new password to log in.',
      email,
    });
    expect(await userRow(email)).toMatchObject({ pendingEmail: null });
    // Every session ended, this one too, and no password opens the account until it is reset.
    expect((await call(tokens.accessToken, 'GET', '/api/account')).statusCode).toBe(401);
    expect(
      (await post(test.app, '/api/auth/token/refresh', { refreshToken: tokens.refreshToken })).statusCode,
    ).toBe(401);
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).json().code).toBe(
      'NotAuthorized',
    );
    expect((await post(test.app, '/api/auth/login', { email: next, password: PASSWORD })).statusCode).toBe(
      401,
    );
    // The thief's reset code died with the change.
    const thiefTry = await post(test.app, '/api/auth/reset-password', {
      email,
      code: thiefReset,
      newPassword: 'the thief password',
      confirmPassword: 'the thief password',
    });
    expect(thiefTry.json().code).toBe('CodeMismatch');

    // Once only.
    const again = await post(test.app, '/api/auth/email-change/undo', { token }, en);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'EmailChangeUndoInvalid',
      message: 'This link is invalid, has expired or was already used.',
    });

    // The owner resets the password through the restored address and is back.
    expect((await post(test.app, '/api/auth/forget-password', { email })).statusCode).toBe(200);
    const resetCode = readCode(await test.smtp.waitFor(email, (mail) => mail.subject.includes('Redefina')));
    const reset = await post(test.app, '/api/auth/reset-password', {
      email,
      code: resetCode,
      newPassword: 'my own password again',
      confirmPassword: 'my own password again',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await post(test.app, '/api/auth/login', { email, password: 'my own password again' })).statusCode,
    ).toBe(200);
  });

  it('cannot be undone after 7 days, nor with a made-up token', async () => {
    const { email, tokens } = await signedIn(test);
    const next = uniqueEmail('late');
    await call(tokens.accessToken, 'POST', '/api/account/email', { email: next });
    await call(tokens.accessToken, 'POST', '/api/account/email/verify', {
      code: readCode(await test.smtp.waitFor(next)),
    });
    const notice = await test.smtp.waitFor(email, (mail) => mail.subject.includes('foi alterado'));
    const token = /#token=([\w-]+)/.exec(notice.text)![1]!;
    const user = await userRow(next);
    const [row] = await test.database.db
      .select()
      .from(emailChangeUndos)
      .where(eq(emailChangeUndos.userId, user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 86_400_000);
    // Seven days and a minute later.
    await test.database.db
      .update(emailChangeUndos)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChangeUndos.userId, user.id));
    const late = await post(test.app, '/api/auth/email-change/undo', { token });
    expect(late.json().code).toBe('EmailChangeUndoInvalid');
    const madeUp = await post(test.app, '/api/auth/email-change/undo', { token: 'x'.repeat(43) });
    expect(madeUp.json().code).toBe('EmailChangeUndoInvalid');
    expect((await userRow(next)).id).toBe(user.id);
    expect((await call(tokens.accessToken, 'GET', '/api/account')).statusCode).toBe(200);
  });

  it('gets its address back even when an unconfirmed sign-up took it meanwhile', async () => {
    const { email, tokens } = await signedIn(test);
    const next = uniqueEmail('moved');
    await call(tokens.accessToken, 'POST', '/api/account/email', { email: next });
    await call(tokens.accessToken, 'POST', '/api/account/email/verify', {
      code: readCode(await test.smtp.waitFor(next)),
    });
    const token = /#token=([\w-]+)/.exec(
      (await test.smtp.waitFor(email, (mail) => mail.subject.includes('foi alterado'))).text,
    )![1]!;
    // Someone signs up with the freed address to block the way back, and never confirms it.
    await post(test.app, '/api/auth/signup', {
      firstName: 'Squat',
      lastName: 'Ter',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const squatter = await userRow(email);
    expect(squatter.emailConfirmedAt).toBeNull();
    const undo = await post(test.app, '/api/auth/email-change/undo', { token });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await userRow(email)).id).not.toBe(squatter.id);
  });
});

describe('a password change', () => {
  it('ends every other session (access and refresh tokens) and keeps this one', async () => {
    const { email, tokens } = await signedIn(test);
    const other = await logIn(test, email);
    const changed = await call(tokens.accessToken, 'POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'another fine passphrase',
      confirmPassword: 'another fine passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(other.accessToken, 'GET', '/api/account')).statusCode).toBe(401);
    expect(
      (await post(test.app, '/api/auth/token/refresh', { refreshToken: other.refreshToken })).statusCode,
    ).toBe(401);
    expect((await call(tokens.accessToken, 'GET', '/api/account')).statusCode).toBe(200);
    expect(
      (await post(test.app, '/api/auth/token/refresh', { refreshToken: tokens.refreshToken })).statusCode,
    ).toBe(200);
  });

  it('counts a wrong current password toward the lockout', async () => {
    const { email, tokens } = await signedIn(test);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call(tokens.accessToken, 'POST', '/api/account/password', {
        currentPassword: `wrong ${attempt}`,
        newPassword: 'another fine passphrase',
        confirmPassword: 'another fine passphrase',
      });
      expect(response.json().code).toBe('NotAuthorized');
    }
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(429);
  });
});
