import { ERRORS } from '@cotacep/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { accountClosures } from '#server/db/schema/privacy-requests.ts';
import { subscriptions } from '#server/db/schema/subscriptions.ts';
import { ACCOUNT_PASSWORD, createAccount, createKey, type TestAccount } from '#server/test/accounts.ts';
import {
  auditOf,
  callAs,
  callWithKey,
  closureCode,
  createPrivacyTestApp,
  type PrivacyTestApp,
} from './test-support/privacy-app.ts';

let test: PrivacyTestApp;
beforeAll(async () => {
  test = await createPrivacyTestApp();
});
afterAll(() => test.close());

/** Nothing of a closure happened: still signed in, no closure row, the key works, nothing on the record. */
async function expectNothingChanged(account: TestAccount, secret: string) {
  expect((await callAs(test, account, 'GET', '/api/account')).statusCode).toBe(200);
  const closures = await test.database.db
    .select()
    .from(accountClosures)
    .where(eq(accountClosures.userId, account.userId));
  expect(closures).toEqual([]);
  expect((await callWithKey(test, secret)).statusCode).toBe(200);
  const [organization] = await test.database.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, account.organizationId));
  expect(organization?.keysStoppedAt).toBeNull();
  expect(await auditOf(test, 'account.closure_requested', { userId: account.userId })).toEqual([]);
}

const close = (account: TestAccount, payload: object) =>
  callAs(test, account, 'POST', '/api/account/close', payload);

describe('close my account: wrong proofs change nothing', () => {
  it('a wrong password is refused, even with the right code', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { secret } = await createKey(test.app, account);
    const code = await closureCode(test, account);
    const response = await close(account, { password: 'not the password', code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'ReauthenticationFailed',
      message: ERRORS.ReauthenticationFailed.en,
    });
    await expectNothingChanged(account, secret);
  });

  it('a wrong code is refused, even with the right password', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { secret } = await createKey(test.app, account);
    const code = await closureCode(test, account);
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await close(account, { password: ACCOUNT_PASSWORD, code: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ReauthenticationFailed');
    await expectNothingChanged(account, secret);
  });

  it('no code asked for, no password, an unknown field, no token: refused', async () => {
    const account = await createAccount(test.app, test.database.db);
    const { secret } = await createKey(test.app, account);
    const noCodeSent = await close(account, { password: ACCOUNT_PASSWORD, code: '123456' });
    expect(noCodeSent.json().code).toBe('ReauthenticationFailed');
    const code = await closureCode(test, account);
    const noPassword = await close(account, { code });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().code).toBe('ReauthenticationFailed');
    const extra = await close(account, { password: ACCOUNT_PASSWORD, code, force: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('ZodError');
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/account/close',
      payload: { password: ACCOUNT_PASSWORD, code },
    });
    expect(anonymous.statusCode).toBe(401);
    await expectNothingChanged(account, secret);
  });
});

describe('close my account: blocked while others depend on the user', () => {
  it('the only Owner of an organization with other members: 409 with the organization, in Portuguese too', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const { secret } = await createKey(test.app, owner);
    const member = await createAccount(test.app, test.database.db);
    await test.database.db
      .insert(organizationMembers)
      .values({ organizationId: owner.organizationId, userId: member.userId, role: 'admin' });
    const [organization] = await test.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId));
    const blockers = [
      {
        organizationId: owner.organizationId,
        organizationName: organization!.name,
        reasons: ['other_members'],
      },
    ];
    expect((await callAs(test, owner, 'GET', '/api/account/close')).json().blockers).toEqual(blockers);

    const code = await closureCode(test, owner);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/account/close',
      headers: { ...owner.headers, 'accept-language': 'pt-BR' },
      payload: { password: ACCOUNT_PASSWORD, code },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'AccountClosureBlocked',
      message: ERRORS.AccountClosureBlocked['pt-BR'],
      blockers,
    });
    await expectNothingChanged(owner, secret);

    // The member, not an Owner there, closes freely: their own organization is what stops.
    expect((await callAs(test, member, 'GET', '/api/account/close')).json().blockers).toEqual([]);
  });

  it('another Owner lifts the block; a live paid subscription of their own organization sets one', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const { secret } = await createKey(test.app, owner);
    const coOwner = await createAccount(test.app, test.database.db);
    await test.database.db
      .insert(organizationMembers)
      .values({ organizationId: owner.organizationId, userId: coOwner.userId, role: 'owner' });
    expect((await callAs(test, owner, 'GET', '/api/account/close')).json().blockers).toEqual([]);
    await test.database.db.delete(organizationMembers).where(eq(organizationMembers.userId, coOwner.userId));

    const now = new Date();
    await test.database.db.insert(subscriptions).values({
      id: `sub_${owner.userId.slice(0, 8)}`,
      provider: 'test',
      organizationId: owner.organizationId,
      planId: 'basic',
      cycle: 'monthly',
      currency: 'BRL',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      stateAt: now,
    });
    const code = await closureCode(test, owner);
    const response = await close(owner, { password: ACCOUNT_PASSWORD, code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'AccountClosureBlocked',
      message: ERRORS.AccountClosureBlocked.en,
      blockers: [{ organizationId: owner.organizationId, reasons: ['paid_subscription'] }],
    });
    await expectNothingChanged(owner, secret);
  });
});
