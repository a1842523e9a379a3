import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createIdentityTestApp, type IdentityTestApp } from '#server/test/identity-app.ts';
import { enrolTotp, totpCode, useTotpClock } from '#server/test/totp.ts';
import { callAs, joinAs } from './test-support/organization-client.ts';

/**
 * Issue 25 item 5: an Owner can require two-factor (an authenticator app or a passkey) of every member; a
 * member without one is refused that organization's data until they add one, and the Members tab shows who
 * has it.
 */
const clock = useTotpClock();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp(GATEWAY_TEST_ENV);
});
afterAll(() => test.close());

/** `createAccount`'s password. */
const ACCOUNT_PASSWORD = 'gateway test password';
const tokenOf = (account: TestAccount) => account.headers.authorization!.replace('Bearer ', '');
const requireTwoFactor = (who: TestAccount, organizationId: string, value: boolean, language = 'en') =>
  callAs(test.app, who, 'PATCH', `/api/organizations/${organizationId}`, {
    payload: { requireTwoFactor: value },
    language,
  });

/** The Owner (with an authenticator app when `withApp`) of an organization on Business, and a Developer in it. */
async function organizationWithDeveloper(withApp = true) {
  const owner = await createAccount(test.app, test.database.db, { plan: 'business' });
  const secret = withApp ? (await enrolTotp(test.app, tokenOf(owner))).secret : null;
  const organization = (
    await callAs(test.app, owner, 'GET', `/api/organizations/${owner.organizationId}`)
  ).json();
  const developer = await joinAs(test, owner, organization.id, 'developer');
  return { owner, secret, organization, developer };
}

describe('setting the policy', () => {
  it('an Owner without an app or a passkey cannot require it: 409, nothing changes', async () => {
    const { owner, organization } = await organizationWithDeveloper(false);
    const refused = await requireTwoFactor(owner, organization.id, true, 'pt-BR');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TwoFactorNotEnabled',
      message:
        'Configure um aplicativo autenticador ou uma passkey para você antes de exigir verificação em duas etapas dos membros.',
    });
    const read = await callAs(test.app, owner, 'GET', `/api/organizations/${organization.id}`);
    expect(read.json().requireTwoFactor).toBe(false);
  });

  it('only an Owner sets it: an Admin is refused (and may still rename)', async () => {
    const { owner, organization } = await organizationWithDeveloper();
    const admin = await joinAs(test, owner, organization.id, 'admin');
    await enrolTotp(test.app, tokenOf(admin));
    const refused = await requireTwoFactor(admin, organization.id, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PermissionDenied');
    const both = await callAs(test.app, admin, 'PATCH', `/api/organizations/${organization.id}`, {
      payload: { name: 'Renamed', requireTwoFactor: true },
    });
    expect(both.json().code).toBe('PermissionDenied');
    const renamed = await callAs(test.app, admin, 'PATCH', `/api/organizations/${organization.id}`, {
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', requireTwoFactor: false });
  });

  it('an empty change is refused', async () => {
    const { owner, organization } = await organizationWithDeveloper();
    const response = await callAs(test.app, owner, 'PATCH', `/api/organizations/${organization.id}`, {
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ZodError');
  });
});

describe('a member without a second factor, once the Owner requires it', () => {
  it('is refused the organization’s data, told to enrol, shown as such, and may still leave', async () => {
    const { owner, organization, developer } = await organizationWithDeveloper();
    const required = await requireTwoFactor(owner, organization.id, true);
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json()).toMatchObject({ requireTwoFactor: true });

    for (const [url, organizationId] of [
      ['/api/projects', organization.id],
      ['/api/keys', organization.id],
      ['/api/usage', organization.id],
      [`/api/organizations/${organization.id}`, undefined],
      [`/api/organizations/${organization.id}/members`, undefined],
    ] as const) {
      const response = await callAs(test.app, developer, 'GET', url, { organizationId, language: 'en' });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'TwoFactorEnrolmentRequired',
        message:
          'This organization requires two-step verification. Add an authenticator app or a passkey in My account › Security to continue.',
      });
    }
    // Their own organization does not require it.
    const own = await callAs(test.app, developer, 'GET', '/api/projects', {
      organizationId: developer.organizationId,
    });
    expect(own.statusCode, own.body).toBe(200);
    const account = await callAs(test.app, developer, 'GET', '/api/account');
    expect(account.json().twoFactorEnrolmentRequired).toBe(true);
    const factors = await callAs(test.app, developer, 'GET', '/api/account/mfa');
    expect(factors.json()).toMatchObject({
      hasStrongFactor: false,
      requiredBy: [{ id: organization.id, name: organization.name }],
    });
    // The Owner sees who has a second factor.
    const members = (
      await callAs(test.app, owner, 'GET', `/api/organizations/${organization.id}/members`)
    ).json();
    expect(
      Object.fromEntries(
        members.items.map((member: { userId: string; twoFactor: boolean }) => [
          member.userId,
          member.twoFactor,
        ]),
      ),
    ).toEqual({ [owner.userId]: true, [developer.userId]: false });

    const left = await callAs(
      test.app,
      developer,
      'DELETE',
      `/api/organizations/${organization.id}/members/${developer.userId}`,
    );
    expect(left.statusCode, left.body).toBe(204);
    expect((await callAs(test.app, developer, 'GET', '/api/account')).json().twoFactorEnrolmentRequired).toBe(
      false,
    );
  });

  it('is let in once they add an authenticator app', async () => {
    const { owner, organization, developer } = await organizationWithDeveloper();
    await requireTwoFactor(owner, organization.id, true);
    const before = await callAs(test.app, developer, 'GET', '/api/projects', {
      organizationId: organization.id,
    });
    expect(before.json().code).toBe('TwoFactorEnrolmentRequired');
    // Enrolling is the member's own business: the account routes stay open.
    await enrolTotp(test.app, tokenOf(developer));
    const after = await callAs(test.app, developer, 'GET', '/api/projects', {
      organizationId: organization.id,
    });
    expect(after.statusCode, after.body).toBe(200);
    expect((await callAs(test.app, developer, 'GET', '/api/account')).json().twoFactorEnrolmentRequired).toBe(
      false,
    );
  });

  it('is let in again when the Owner stops requiring it', async () => {
    const { owner, organization, developer } = await organizationWithDeveloper();
    await requireTwoFactor(owner, organization.id, true);
    expect((await requireTwoFactor(owner, organization.id, false)).statusCode).toBe(200);
    const response = await callAs(test.app, developer, 'GET', '/api/projects', {
      organizationId: organization.id,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('removing the last second factor while an organization requires it', () => {
  it('is refused with 409 and the organizations’ names; the app stays', async () => {
    const { owner, secret, organization } = await organizationWithDeveloper();
    await requireTwoFactor(owner, organization.id, true);
    clock.advance(30);
    const refused = await callAs(test.app, owner, 'DELETE', '/api/account/mfa/totp', {
      payload: { password: ACCOUNT_PASSWORD, code: totpCode(secret!) },
      language: 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TwoFactorRequiredByOrganization',
      organizations: [{ id: organization.id, name: organization.name }],
    });
    const factors = (await callAs(test.app, owner, 'GET', '/api/account/mfa')).json();
    expect(factors).toMatchObject({ totp: { enabled: true }, hasStrongFactor: true });
    // The same code was not spent: removing it is possible once the organization no longer requires it.
    await requireTwoFactor(owner, organization.id, false);
    const removed = await callAs(test.app, owner, 'DELETE', '/api/account/mfa/totp', {
      payload: { password: ACCOUNT_PASSWORD, code: totpCode(secret!) },
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });
});
