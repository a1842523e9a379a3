import type { TokenSet } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClosures } from '#server/db/schema/privacy-requests.ts';
import { ACCOUNT_PASSWORD, createAccount } from '#server/test/accounts.ts';
import { post } from '#server/test/auth-flows.ts';
import { enrolTotp, totpCode, useTotpClock } from '#server/test/totp.ts';
import { callAs, createPrivacyTestApp, type PrivacyTestApp } from './test-support/privacy-app.ts';

// The authenticator app's codes need a clock the test knows the step of.
const clock = useTotpClock();
let test: PrivacyTestApp;
beforeAll(async () => {
  test = await createPrivacyTestApp();
});
afterAll(() => test.close());

const openClosure = async (userId: string) =>
  (await test.database.db.select().from(accountClosures).where(eq(accountClosures.userId, userId)))[0];

describe('close my account: the second factor', () => {
  it('with an authenticator app: its code closes; the e-mail code is refused; the second step of the next sign-in cancels', async () => {
    const account = await createAccount(test.app, test.database.db);
    const token = account.headers.authorization!.replace('Bearer ', '');
    const { secret } = await enrolTotp(test.app, token);
    expect((await callAs(test, account, 'GET', '/api/account/close')).json()).toMatchObject({
      factor: 'totp',
    });
    const emailed = await callAs(test, account, 'POST', '/api/account/close/code');
    expect(emailed.statusCode).toBe(400);
    expect(emailed.json().code).toBe('ClosureUsesAuthenticator');

    clock.advance(30);
    const closed = await callAs(test, account, 'POST', '/api/account/close', {
      password: ACCOUNT_PASSWORD,
      code: totpCode(secret, clock.now()),
    });
    expect(closed.statusCode, closed.body).toBe(200);

    // The password alone opens the second step; the closure stands until a session is issued.
    const login = await post(test.app, '/api/auth/login', {
      email: account.email,
      password: ACCOUNT_PASSWORD,
    });
    const { challenge } = login.json() as { challenge: { session: string } };
    expect(challenge.session).toBeTruthy();
    expect((await openClosure(account.userId))?.cancelledAt).toBeNull();

    clock.advance(30);
    const answered = await post(test.app, '/api/auth/login/challenge', {
      session: challenge.session,
      method: 'totp',
      code: totpCode(secret, clock.now()),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((answered.json() as TokenSet).closureCancelled).toBe(true);
    expect((await openClosure(account.userId))?.cancelledAt).toBeInstanceOf(Date);
  });
});
