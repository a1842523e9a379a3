import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFactors } from '../../db/schema/second-factors.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, logIn, PASSWORD, post, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';
import { enrolTotp, totpCode, useTotpClock } from '../../test/totp.ts';

const clock = useTotpClock();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp({ CODE_RESEND_SECONDS: '1' });
});
afterAll(() => test.close());

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  test.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'en' } });
const login = (email: string) => post(test.app, '/api/auth/login', { email, password: PASSWORD });
const answer = (session: string, method: string | undefined, code: string) =>
  post(test.app, '/api/auth/login/challenge', { session, method, code }, { 'accept-language': 'en' });

async function userRow(email: string) {
  const [row] = await test.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe('authenticator app: enrolment', () => {
  it('answers the otpauth URI and the key, enables the app with its first code and shows the recovery codes once', async () => {
    const { email, tokens } = await signedIn(test);
    const start = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp');
    expect(start.statusCode, start.body).toBe(200);
    const { otpauthUrl, secret } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Cotacep:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Cotacep',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Not enabled before the first code: a login is still one step.
    expect((await call(tokens.accessToken, 'GET', '/api/account/mfa')).json().totp.enabled).toBe(false);

    const verify = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', {
      code: totpCode(secret),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const { factors, recoveryCodes } = verify.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    expect(factors).toMatchObject({
      message: { enabled: false, method: 'email' },
      totp: { enabled: true, createdAt: new Date(clock.now()).toISOString(), lastUsedAt: null },
      passkeys: [],
      recoveryCodes: { remaining: 10, generatedAt: new Date(clock.now()).toISOString(), lastUsedAt: null },
      hasStrongFactor: true,
      requiredBy: [],
    });
    const overview = await call(tokens.accessToken, 'GET', '/api/account/mfa');
    expect(overview.json()).toEqual(factors);
    // The user is told, in their language.
    await test.smtp.waitFor(email, (mail) => mail.subject.includes('adicionado à sua conta'));

    // The key is stored sealed, never as the key itself.
    const [row] = await test.database.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.userId, (await userRow(email)).id));
    expect(row!.secretEncrypted.startsWith('v1.')).toBe(true);
    expect(row!.secretEncrypted).not.toContain(secret);
  });

  it('starting again before the first code replaces the key: the old key’s code no longer enables it', async () => {
    const { tokens } = await signedIn(test);
    const first = (await call(tokens.accessToken, 'POST', '/api/account/mfa/totp')).json();
    const second = (await call(tokens.accessToken, 'POST', '/api/account/mfa/totp')).json();
    expect(second.secret).not.toBe(first.secret);
    const old = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', {
      code: totpCode(first.secret),
    });
    expect(old.json().code).toBe('CodeMismatch');
    const fresh = await call(tokens.accessToken, 'POST', '/api/account/mfa/totp/verify', {
      code: totpCode(second.secret),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});

describe('authenticator app: sign-in', () => {
  it('a login answers the challenge with the app first, sends no code, and the app’s code signs in', async () => {
    const { email, tokens } = await signedIn(test);
    const { secret } = await enrolTotp(test.app, tokens.accessToken);
    clock.advance(30);
    const mailsBefore = test.smtp.countTo(email);
    const first = await login(email);
    expect(first.statusCode, first.body).toBe(200);
    const { challenge } = first.json();
    expect(challenge).toMatchObject({
      methods: ['totp', 'recovery'],
      method: 'totp',
      destination: null,
      resendAfter: 0,
      expiresIn: 900,
    });
    const signedInAnswer = await answer(challenge.session, 'totp', totpCode(secret));
    expect(signedInAnswer.statusCode, signedInAnswer.body).toBe(200);
    expect(signedInAnswer.json()).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(test.smtp.countTo(email)).toBe(mailsBefore);
    expect((await userRow(email)).lastSecondFactor).toBe('totp');
    const overview = (await call(signedInAnswer.json().accessToken, 'GET', '/api/account/mfa')).json();
    expect(overview.totp.lastUsedAt).toBe(new Date(clock.now()).toISOString());
  });

  it('accepts the code of the step before and of the step after, and refuses one two steps away', async () => {
    const { email, tokens } = await signedIn(test);
    const { secret } = await enrolTotp(test.app, tokens.accessToken);
    const challengeSession = async () => (await login(email)).json().challenge.session as string;
    clock.advance(60);
    // Two steps in the past, then two in the future: both refused.
    const tooOld = await answer(await challengeSession(), 'totp', totpCode(secret, clock.now() - 60_000));
    expect(tooOld.json().code).toBe('CodeMismatch');
    const tooNew = await answer(await challengeSession(), 'totp', totpCode(secret, clock.now() + 60_000));
    expect(tooNew.json().code).toBe('CodeMismatch');
    // The step before (a code typed as it turned), then, later, the step after (a phone a little ahead).
    const previous = await answer(await challengeSession(), 'totp', totpCode(secret, clock.now() - 30_000));
    expect(previous.statusCode, previous.body).toBe(200);
    clock.advance(30);
    const next = await answer(await challengeSession(), 'totp', totpCode(secret, clock.now() + 30_000));
    expect(next.statusCode, next.body).toBe(200);
    // The step after is now spent, and so is every step before it: the current step's code is refused.
    const current = await answer(await challengeSession(), 'totp', totpCode(secret));
    expect(current.json().code).toBe('CodeMismatch');
  });

  it('refuses the same code twice, even on another challenge', async () => {
    const { email, tokens } = await signedIn(test);
    const { secret } = await enrolTotp(test.app, tokens.accessToken);
    // The enrolment's own code is spent: it cannot pass the first sign-in.
    const replayEnrolment = await answer(
      (await login(email)).json().challenge.session,
      'totp',
      totpCode(secret),
    );
    expect(replayEnrolment.statusCode).toBe(400);
    expect(replayEnrolment.json()).toMatchObject({
      code: 'CodeMismatch',
      message: 'Invalid verification code provided, please try again.',
    });
    clock.advance(30);
    const code = totpCode(secret);
    expect((await answer((await login(email)).json().challenge.session, 'totp', code)).statusCode).toBe(200);
    const replay = await answer((await login(email)).json().challenge.session, 'totp', code);
    expect(replay.json().code).toBe('CodeMismatch');
  });

  it('with the e-mail code on too: the app first, the e-mail on request, and the one used last opens the next challenge', async () => {
    const { email, tokens } = await signedIn(test);
    await test.database.db.update(users).set({ mfaEnabled: true }).where(eq(users.email, email));
    await enrolTotp(test.app, tokens.accessToken);
    const first = (await login(email)).json().challenge;
    expect(first).toMatchObject({
      methods: ['totp', 'email', 'recovery'],
      method: 'totp',
      destination: null,
    });
    const before = test.smtp.countTo(email);
    const resend = await post(test.app, '/api/auth/login/challenge/resend', {
      session: first.session,
      method: 'email',
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().challenge).toMatchObject({
      session: first.session,
      methods: ['totp', 'email', 'recovery'],
      method: 'email',
      destination: 'u***@e***.com',
      resendAfter: 1,
    });
    const mail = await test.smtp.waitFor(email, () => test.smtp.countTo(email) > before);
    const byEmail = await answer(first.session, 'email', readCode(mail));
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect((await userRow(email)).lastSecondFactor).toBe('email');

    // E-mail was used last: the next challenge opens on it, and its code goes out at once.
    const again = (await login(email)).json().challenge;
    expect(again).toMatchObject({ methods: ['email', 'totp', 'recovery'], method: 'email', resendAfter: 1 });
    expect(again.destination).toBe('u***@e***.com');
  });
});

describe('recovery codes', () => {
  it('one signs in once (any case, spaces and dashes), the user is told, and the count goes down', async () => {
    const { email, tokens } = await signedIn(test);
    const { recoveryCodes } = await enrolTotp(test.app, tokens.accessToken);
    const code = recoveryCodes![0]!;
    const typed = ` ${code.replace('-', ' ').toUpperCase()} `;
    const used = await answer((await login(email)).json().challenge.session, 'recovery', typed);
    expect(used.statusCode, used.body).toBe(200);
    expect((await userRow(email)).lastSecondFactor).toBe('recovery');
    const notice = await test.smtp.waitFor(email, (mail) =>
      mail.subject.includes('código de recuperação foi usado'),
    );
    expect(notice.text).toContain('Restam 9 c'); // "Restam 9 códigos", quoted-printable UTF-8
    const overview = (await call(used.json().accessToken, 'GET', '/api/account/mfa')).json();
    expect(overview.recoveryCodes).toMatchObject({
      remaining: 9,
      lastUsedAt: new Date(clock.now()).toISOString(),
    });

    const reuse = await answer((await login(email)).json().challenge.session, 'recovery', code);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('CodeMismatch');
    // Another of the set still works.
    const other = await answer((await login(email)).json().challenge.session, 'recovery', recoveryCodes![1]!);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('a new set replaces the old one: the old codes stop working, the new ones work', async () => {
    const { email, tokens } = await signedIn(test);
    const { recoveryCodes: old } = await enrolTotp(test.app, tokens.accessToken);
    const regenerated = await call(tokens.accessToken, 'POST', '/api/account/mfa/recovery-codes');
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const { codes } = regenerated.json();
    expect(codes).toHaveLength(10);
    expect(codes.filter((code: string) => old!.includes(code))).toEqual([]);
    const oldCode = await answer((await login(email)).json().challenge.session, 'recovery', old![0]!);
    expect(oldCode.json().code).toBe('CodeMismatch');
    const newCode = await answer((await login(email)).json().challenge.session, 'recovery', codes[0]);
    expect(newCode.statusCode, newCode.body).toBe(200);
  });
});

describe('re-authentication and removal', () => {
  it('the app’s code re-authenticates the session, and is offered among the ways to', async () => {
    const { email, tokens } = await signedIn(test);
    const { secret } = await enrolTotp(test.app, tokens.accessToken);
    clock.advance(11 * 60);
    const stale = await call(tokens.accessToken, 'POST', '/api/account/mfa/recovery-codes');
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'ReauthenticationRequired', methods: ['password', 'totp'] });
    // Signing in again with the app: the session's token is new, its proof as fresh as the login.
    const session = (await login(email)).json().challenge.session;
    const fresh = (await answer(session, 'totp', totpCode(secret))).json();
    clock.advance(11 * 60);
    const reauth = await call(fresh.accessToken, 'POST', '/api/account/reauthenticate', {
      totp: totpCode(secret),
    });
    expect(reauth.statusCode, reauth.body).toBe(200);
    expect((await call(fresh.accessToken, 'POST', '/api/account/mfa/recovery-codes')).statusCode).toBe(200);
  });

  it('removing the last strong factor with the password and a code: the recovery codes go too, and logins are one step again', async () => {
    const { email, tokens } = await signedIn(test);
    const { secret } = await enrolTotp(test.app, tokens.accessToken);
    clock.advance(30);
    const removed = await call(tokens.accessToken, 'DELETE', '/api/account/mfa/totp', {
      password: PASSWORD,
      code: totpCode(secret),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      totp: { enabled: false },
      recoveryCodes: { remaining: 0 },
      hasStrongFactor: false,
    });
    await test.smtp.waitFor(email, (mail) => mail.subject.includes('removido da sua conta'));
    expect((await logIn(test, email)).accessToken).toEqual(expect.any(String));
    // A new app later comes with a new set of recovery codes.
    clock.advance(30);
    expect((await enrolTotp(test.app, tokens.accessToken)).recoveryCodes).toHaveLength(10);
  });
});
