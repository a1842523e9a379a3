import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { bearer, PASSWORD, post, signedIn, signUpConfirmed } from '../../test/auth-flows.ts';
import { formOf, startHttpStub } from '../../test/http-stub.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { readCode } from '../../test/smtp-sink.ts';

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
  });
});
afterAll(async () => {
  await test.close();
  await sms.close();
});

const en = { 'accept-language': 'en' };
const call = (token: string, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  test.app.inject({ method, url, payload, headers: { ...bearer(token), ...en } });
const lastSmsCode = () => /(\d{6})/.exec(formOf(sms.requests.at(-1)!).Body!)![1]!;

describe('e-mail change', () => {
  it('sends a code to the new address and switches only when it comes back', async () => {
    const { email, tokens } = await signedIn(test);
    const next = `new.${email}`;
    const change = await call(tokens.accessToken, '/api/account/email', { email: next });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().message).toBe('Please verify your email');
    const pending = (
      await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) })
    ).json();
    expect(pending).toMatchObject({ email, pendingEmail: next });
    const mail = await test.smtp.waitFor(next);
    expect(mail.subject).toContain('Verifique seu novo e-mail');
    const wrong = await call(tokens.accessToken, '/api/account/email/verify', {
      code: readCode(mail) === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe('CodeMismatch');
    const verify = await call(tokens.accessToken, '/api/account/email/verify', { code: readCode(mail) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ email: next, pendingEmail: null });
    expect((await post(test.app, '/api/auth/login', { email: next, password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await post(test.app, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('refuses a new address its mail server rejects, and keeps neither the pending change nor a code', async () => {
    const { email, tokens } = await signedIn(test);
    const bounced = `bounce.${email}`;
    test.smtp.refuseRecipient(bounced);
    const change = await call(tokens.accessToken, '/api/account/email', { email: bounced });
    expect(change.statusCode, change.body).toBe(400);
    expect(change.json().code).toBe('DestinationRejected');
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.pendingEmail).toBeNull();
    const codes = await test.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user!.id), eq(verificationCodes.purpose, 'email_change')));
    expect(codes).toEqual([]);
  });

  it('keeps the code already on its way when a second change is refused by the mail server', async () => {
    const { email, tokens } = await signedIn(test);
    const next = `next.${email}`;
    expect((await call(tokens.accessToken, '/api/account/email', { email: next })).statusCode).toBe(200);
    const mail = await test.smtp.waitFor(next);
    const bounced = `bounce.${email}`;
    test.smtp.refuseRecipient(bounced);
    const refused = await call(tokens.accessToken, '/api/account/email', { email: bounced });
    expect(refused.json().code).toBe('DestinationRejected');
    const verify = await call(tokens.accessToken, '/api/account/email/verify', { code: readCode(mail) });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ email: next, pendingEmail: null });
  });

  it("refuses another account's e-mail", async () => {
    const taken = await signUpConfirmed(test);
    const { tokens } = await signedIn(test);
    const change = await call(tokens.accessToken, '/api/account/email', { email: taken });
    expect(change.json()).toMatchObject({
      code: 'UsernameExists',
      message: 'An account with the given email already exists.',
    });
  });

  it('limits attempts to change the e-mail per client, so the "already exists" answer cannot be mined', async () => {
    const limited = await createIdentityTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const taken = await signUpConfirmed(limited);
      const { tokens } = await signedIn(limited);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/account/email',
          payload: { email: taken },
          headers: { ...bearer(tokens.accessToken), ...en },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([409, 409, 409, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('phone and SMS MFA', () => {
  it('refuses SMS MFA without a verified phone, then verifies a phone by SMS and turns it on', async () => {
    const { tokens, email } = await signedIn(test);
    const early = await call(tokens.accessToken, '/api/account/mfa', { enabled: true, method: 'sms' }, 'PUT');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: 'SmsMfaNotConfigured',
      message: 'User does not have delivery config set to turn on SMS_MFA',
    });
    const phone = await call(tokens.accessToken, '/api/account/phone', { phone: '+5511912345678' });
    expect(phone.json()).toMatchObject({
      message: 'Please verify your phone number',
      delivery: { method: 'sms', destination: '+55*******5678' },
    });
    expect(formOf(sms.requests.at(-1)!).To).toBe('+5511912345678');
    // Still unverified: SMS MFA stays refused.
    expect(
      (await call(tokens.accessToken, '/api/account/mfa', { enabled: true, method: 'sms' }, 'PUT'))
        .statusCode,
    ).toBe(400);
    const verified = await call(tokens.accessToken, '/api/account/phone/verify', { code: lastSmsCode() });
    expect(verified.json()).toMatchObject({ phone: '+5511912345678', pendingPhone: null });
    const mfa = await call(tokens.accessToken, '/api/account/mfa', { enabled: true, method: 'sms' }, 'PUT');
    expect(mfa.json().mfa).toEqual({ enabled: true, method: 'sms' });
    const login = await post(test.app, '/api/auth/login', { email, password: PASSWORD });
    expect(login.json().challenge).toMatchObject({ method: 'sms', destination: '+55*******5678' });
    const done = await post(test.app, '/api/auth/login/challenge', {
      session: login.json().challenge.session,
      code: lastSmsCode(),
    });
    expect(done.statusCode).toBe(200);
  });

  it('a pending phone from sign-up is not used until verified', async () => {
    const { tokens, email } = await signedIn(test);
    await test.database.db
      .update(users)
      .set({ pendingPhone: '+5521999998888' })
      .where(eq(users.email, email));
    const account = (
      await test.app.inject({ url: '/api/account', headers: bearer(tokens.accessToken) })
    ).json();
    expect(account).toMatchObject({ phone: null, pendingPhone: '+5521999998888' });
    expect(
      (await call(tokens.accessToken, '/api/account/phone/verify', { code: '123456' })).json().code,
    ).toBe('CodeMismatch');
  });
});
