import type { TokenSet } from '@cotacep/shared/auth-responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '#server/db/schema/auth-sessions.ts';
import { invoices } from '#server/db/schema/invoices.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { accountClosures } from '#server/db/schema/privacy-requests.ts';
import { userCredentials } from '#server/db/schema/user-credentials.ts';
import { users } from '#server/db/schema/users.ts';
import { ACCOUNT_PASSWORD, createAccount, createKey } from '#server/test/accounts.ts';
import { post } from '#server/test/auth-flows.ts';
import {
  auditOf,
  callAs,
  callWithKey,
  closeAccount,
  createPrivacyTestApp,
  type PrivacyTestApp,
} from './test-support/privacy-app.ts';

let test: PrivacyTestApp;
beforeAll(async () => {
  test = await createPrivacyTestApp();
});
afterAll(() => test.close());

const DAY_MS = 86_400_000;
const logIn = (email: string) => post(test.app, '/api/auth/login', { email, password: ACCOUNT_PASSWORD });

describe('close my account: happy', () => {
  it('ends every session, stops the sole organization’s keys at once, mails the date, and is on the record', async () => {
    const account = await createAccount(test.app, test.database.db);
    const key = await createKey(test.app, account);
    expect((await callWithKey(test, key.secret)).statusCode).toBe(200);

    const options = await callAs(test, account, 'GET', '/api/account/close');
    expect(options.json()).toEqual({ factor: 'email', hasPassword: true, graceDays: 30, blockers: [] });

    const before = Date.now();
    const { anonymiseAfter, message } = await closeAccount(test, account);
    expect(message).toMatch(/will be closed/);
    const due = new Date(anonymiseAfter).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(due).toBeLessThan(Date.now() + 30 * DAY_MS + 1_000);

    // The session that asked is over, and so is every other.
    expect((await callAs(test, account, 'GET', '/api/account')).statusCode).toBe(401);
    // The key of the organization that was only theirs is refused at once, with its own code.
    const refused = await callWithKey(test, key.secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('organization_keys_stopped');
    const [organization] = await test.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, account.organizationId));
    expect(organization?.keysStoppedAt).toBeInstanceOf(Date);

    const mail = await test.smtp.waitFor(account.email, (m) =>
      /will be closed|será encerrada/.test(m.subject),
    );
    expect(mail.text).toContain('/auth/login');
    expect(mail.text).toMatch(/Entre na sua conta antes de/);

    const [requested] = await auditOf(test, 'account.closure_requested', { userId: account.userId });
    expect(requested).toMatchObject({ actorType: 'user', actorId: account.userId });
    expect(requested?.details).toMatchObject({ organizationsStopped: 1 });
    const stopped = await auditOf(test, 'organization.keys_stopped', {
      organizationId: account.organizationId,
    });
    expect(stopped).toHaveLength(1);
  });

  it('signing in cancels it: the answer says so, the keys work again and both steps are recorded', async () => {
    const account = await createAccount(test.app, test.database.db);
    const key = await createKey(test.app, account);
    await closeAccount(test, account);
    expect((await callWithKey(test, key.secret)).statusCode).toBe(403);

    const login = await logIn(account.email);
    expect(login.statusCode, login.body).toBe(200);
    const tokens = login.json() as TokenSet;
    expect(tokens.closureCancelled).toBe(true);
    expect((await callWithKey(test, key.secret)).statusCode).toBe(200);

    const [closure] = await test.database.db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, account.userId));
    expect(closure?.cancelledAt).toBeInstanceOf(Date);
    const [cancelled] = await auditOf(test, 'account.closure_cancelled', { userId: account.userId });
    expect(cancelled?.details).toEqual({ via: 'sign_in' });
    expect(
      await auditOf(test, 'organization.keys_restarted', { organizationId: account.organizationId }),
    ).toHaveLength(1);

    // The next sign-in has nothing to cancel and says nothing.
    const again = (await logIn(account.email)).json() as TokenSet;
    expect(again.closureCancelled).toBeUndefined();
    // Nor does the anonymiser touch a cancelled closure once its date is past.
    await test.sweep(new Date(Date.now() + 31 * DAY_MS));
    const [user] = await test.database.db.select().from(users).where(eq(users.id, account.userId));
    expect(user?.anonymisedAt).toBeNull();
    expect(user?.email).toBe(account.email);
  });

  it('DELETE /account/close answers that there is nothing to cancel when no closure is pending', async () => {
    const account = await createAccount(test.app, test.database.db);
    const response = await callAs(test, account, 'DELETE', '/api/account/close');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cancelled: false, message: 'There is no account closure to cancel.' });
    expect(await auditOf(test, 'account.closure_cancelled', { userId: account.userId })).toEqual([]);
  });

  it('anonymises after the grace period: no sign-in, no trace of the person, invoices kept, the address free again', async () => {
    const account = await createAccount(test.app, test.database.db);
    const key = await createKey(test.app, account);
    const invoice = {
      id: `in_${account.userId.slice(0, 8)}`,
      provider: 'test' as const,
      organizationId: account.organizationId,
      number: `CT-${account.userId.slice(0, 8)}`,
      status: 'paid' as const,
      amount: 4_900,
      currency: 'BRL' as const,
      planId: 'basic' as const,
      cycle: 'monthly' as const,
      periodStart: new Date('2026-10-01T00:00:00Z'),
      periodEnd: new Date('2026-11-01T00:00:00Z'),
      stateAt: new Date('2026-10-01T00:00:00Z'),
      createdAt: new Date('2026-10-01T00:00:00Z'),
    };
    await test.database.db.insert(invoices).values(invoice);
    await closeAccount(test, account);

    // A day before the date nothing happens.
    await test.sweep(new Date(Date.now() + 29 * DAY_MS));
    let [user] = await test.database.db.select().from(users).where(eq(users.id, account.userId));
    expect(user?.anonymisedAt).toBeNull();

    await test.sweep(new Date(Date.now() + 30 * DAY_MS + 60_000));
    [user] = await test.database.db.select().from(users).where(eq(users.id, account.userId));
    expect(user).toMatchObject({
      email: `anonymised-${account.userId}@invalid`,
      firstName: 'Conta encerrada',
      lastName: '',
      phone: null,
      taxId: null,
      pendingEmail: null,
    });
    expect(user?.anonymisedAt).toBeInstanceOf(Date);
    const [closure] = await test.database.db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, account.userId));
    expect(closure?.completedAt).toBeInstanceOf(Date);
    // Credentials, sessions and links are gone; the invoice stays for the tax law's term.
    const { db } = test.database;
    expect(await db.select().from(userCredentials).where(eq(userCredentials.userId, account.userId))).toEqual(
      [],
    );
    expect(await db.select().from(authSessions).where(eq(authSessions.userId, account.userId))).toEqual([]);
    expect(await db.select().from(invoices).where(eq(invoices.id, invoice.id))).toHaveLength(1);
    const [anonymised] = await auditOf(test, 'account.anonymised', { userId: account.userId });
    expect(anonymised).toMatchObject({ actorType: 'system', actorId: null });

    // Nobody signs in as them, and the key stays stopped.
    const login = await logIn(account.email);
    expect(login.statusCode).toBe(401);
    expect((await callWithKey(test, key.secret)).statusCode).toBe(403);
    // The address can sign up again.
    const signup = await post(test.app, '/api/auth/signup', {
      firstName: 'Nova',
      lastName: 'Pessoa',
      email: account.email,
      password: 'another good password',
      confirmPassword: 'another good password',
    });
    expect(signup.statusCode, signup.body).toBe(201);
  });
});
