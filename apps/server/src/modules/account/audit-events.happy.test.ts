import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, logIn, PASSWORD, post, signedIn, uniqueEmail } from '../../test/auth-flows.ts';
import { formOf, startHttpStub } from '../../test/http-stub.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import {
  byThePerson,
  countEntries,
  expectNoSecrets,
  expectSoundLog,
  personalEntries,
  TEST_USER_AGENT,
  userIdOf,
} from '../../test/personal-audit.ts';
import { readCode } from '../../test/smtp-sink.ts';

// Issue 26: the Security and Profile changes of a person are on their record, written with the change;
// a refused change writes nothing.
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

const NEW_PASSWORD = 'a brand new passphrase';
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  test.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(token), 'user-agent': TEST_USER_AGENT },
  });
const lastSmsCode = () => /(\d{6})/.exec(formOf(sms.requests.at(-1)!).Body!)![1]!;
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** A signed-in person, their id, and the entries they have so far (to look at what comes next). */
async function person() {
  const { email, tokens } = await signedIn(test);
  const userId = await userIdOf(test.database.db, email);
  const seen = (await personalEntries(test.database.db, userId)).length;
  const added = async () => (await personalEntries(test.database.db, userId)).slice(seen);
  return { email, tokens, userId, added };
}

async function sessionIds(token: string) {
  const { sessions } = (await call(token, 'GET', '/api/account/sessions')).json() as {
    sessions: { id: string; current: boolean }[];
  };
  return { current: sessions.find((session) => session.current)!.id, all: sessions.map((s) => s.id) };
}

describe('password change', () => {
  it('records auth.password_changed and the other sessions it ended (scope others)', async () => {
    const { email, tokens, userId, added } = await person();
    await logIn(test, email);
    const { current } = await sessionIds(tokens.accessToken);
    const change = await call(tokens.accessToken, 'POST', '/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(change.statusCode, change.body).toBe(200);
    // The second sign-in, then the change and the session it ended.
    const entries = (await added()).slice(1);
    expect(entries.map((entry) => entry.event)).toEqual(['auth.password_changed', 'auth.session_revoked']);
    expect(entries[0]).toMatchObject({ ...byThePerson(userId), details: {} });
    expect(entries[1]).toMatchObject({
      ...byThePerson(userId),
      details: { scope: 'others', sessionId: current, ended: 1 },
    });
    expectNoSecrets(entries, [PASSWORD, NEW_PASSWORD]);
  });

  it('a wrong current password changes nothing and records nothing', async () => {
    const { tokens } = await person();
    const before = await countEntries(test.database.db);
    const change = await call(tokens.accessToken, 'POST', '/api/account/password', {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(change.statusCode).toBe(401);
    expect(await countEntries(test.database.db)).toBe(before);
  });
});

describe('sessions', () => {
  it('ending one session records auth.session_revoked (scope one); logout and an unknown id record nothing', async () => {
    const { email, tokens, userId, added } = await person();
    const other = await logIn(test, email);
    const { current: otherId } = await sessionIds(other.accessToken);
    const end = await call(tokens.accessToken, 'DELETE', `/api/account/sessions/${otherId}`);
    expect(end.statusCode).toBe(204);
    const entries = await added();
    const signIn = entries.filter((entry) => entry.event === 'auth.signed_in');
    expect(signIn).toHaveLength(1);
    const revoked = entries.filter((entry) => entry.event === 'auth.session_revoked');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({
      ...byThePerson(userId),
      targetType: 'session',
      targetId: otherId,
      details: { scope: 'one', sessionId: otherId },
    });

    const before = await countEntries(test.database.db);
    const again = await call(tokens.accessToken, 'DELETE', `/api/account/sessions/${otherId}`);
    expect(again.statusCode).toBe(404);
    const logout = await post(test.app, '/api/auth/logout', {}, bearer(tokens.accessToken));
    expect(logout.statusCode).toBe(200);
    expect(await countEntries(test.database.db)).toBe(before);
  });
});

describe('contact changes', () => {
  it('a confirmed e-mail change records account.email_changed, holding neither address', async () => {
    const { email, tokens, userId, added } = await person();
    const next = uniqueEmail('next');
    expect((await call(tokens.accessToken, 'POST', '/api/account/email', { email: next })).statusCode).toBe(
      200,
    );
    const code = readCode(await test.smtp.waitFor(next));
    const wrong = await call(tokens.accessToken, 'POST', '/api/account/email/verify', {
      code: otherThan(code),
    });
    expect(wrong.json().code).toBe('CodeMismatch');
    expect(await added()).toEqual([]);
    const verify = await call(tokens.accessToken, 'POST', '/api/account/email/verify', { code });
    expect(verify.statusCode, verify.body).toBe(200);
    const entries = await added();
    // The only session was the one making the change: no other session ended, none recorded.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ...byThePerson(userId), event: 'account.email_changed', details: {} });
    expectNoSecrets(entries, [email, next, code]);
  });

  it('undoing it from the old address records account.email_change_undone, by the person', async () => {
    const { email, tokens, userId, added } = await person();
    const next = uniqueEmail('undo');
    await call(tokens.accessToken, 'POST', '/api/account/email', { email: next });
    const code = readCode(await test.smtp.waitFor(next));
    expect((await call(tokens.accessToken, 'POST', '/api/account/email/verify', { code })).statusCode).toBe(
      200,
    );
    const notice = await test.smtp.waitFor(email, (mail) => mail.subject.includes('foi alterado'));
    const token = /\/auth\/email-change\/undo#token=([\w-]+)/.exec(notice.text)![1]!;
    const undo = await post(
      test.app,
      '/api/auth/email-change/undo',
      { token },
      { 'user-agent': TEST_USER_AGENT },
    );
    expect(undo.statusCode, undo.body).toBe(200);
    const before = await countEntries(test.database.db);
    // Used once: a second use is refused and records nothing.
    const twice = await post(test.app, '/api/auth/email-change/undo', { token });
    expect(twice.statusCode).toBe(400);
    expect(await countEntries(test.database.db)).toBe(before);
    const entries = await added();
    expect(entries.map((entry) => entry.event)).toEqual([
      'account.email_changed',
      'account.email_change_undone',
    ]);
    expect(entries[1]).toMatchObject({ ...byThePerson(userId), details: {} });
    expectNoSecrets(entries, [token, email, next]);
  });

  it('a confirmed phone change records account.phone_changed; a wrong code records nothing', async () => {
    const { tokens, userId, added } = await person();
    const phone = '+5511987654321';
    expect((await call(tokens.accessToken, 'POST', '/api/account/phone', { phone })).statusCode).toBe(200);
    const code = lastSmsCode();
    const wrong = await call(tokens.accessToken, 'POST', '/api/account/phone/verify', {
      code: otherThan(code),
    });
    expect(wrong.json().code).toBe('CodeMismatch');
    expect(await added()).toEqual([]);
    const verify = await call(tokens.accessToken, 'POST', '/api/account/phone/verify', { code });
    expect(verify.statusCode, verify.body).toBe(200);
    const entries = await added();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ...byThePerson(userId), event: 'account.phone_changed', details: {} });
    expectNoSecrets(entries, [phone, code]);
  });
});

describe('two-step by e-mail or SMS', () => {
  it('on, moved and off are factor entries; a refused move and saving the same again record nothing', async () => {
    const { tokens, userId, added } = await person();
    const settings = (enabled: boolean, method: 'email' | 'sms') =>
      call(tokens.accessToken, 'PUT', '/api/account/mfa', { enabled, method });
    expect((await settings(true, 'email')).statusCode).toBe(200);
    expect((await settings(true, 'email')).statusCode).toBe(200);
    // No phone yet: SMS is refused, nothing changes.
    expect((await settings(true, 'sms')).json().code).toBe('SmsMfaNotConfigured');
    await call(tokens.accessToken, 'POST', '/api/account/phone', { phone: '+5511912345678' });
    await call(tokens.accessToken, 'POST', '/api/account/phone/verify', { code: lastSmsCode() });
    expect((await settings(true, 'sms')).statusCode).toBe(200);
    expect((await settings(false, 'sms')).statusCode).toBe(200);
    const entries = await added();
    expect(entries.map((entry) => [entry.event, entry.details.method ?? null])).toEqual([
      ['auth.factor_added', 'email'],
      ['account.phone_changed', null],
      ['auth.factor_removed', 'email'],
      ['auth.factor_added', 'sms'],
      ['auth.factor_removed', 'sms'],
    ]);
    for (const entry of entries) expect(entry).toMatchObject(byThePerson(userId));
  });
});

describe('the log as a whole', () => {
  it('verifies: every chain written by these flows is whole', async () => {
    await expectSoundLog(test.database.db);
  });
});
