import type { Role } from '@cotacep/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { BILLING_DETAILS, billingClient } from '../test-support/billing-client.ts';

/**
 * Issue 27: the billing details are the organization's. Owners and Billing members change them; every
 * role with `billing.read` sees them; nobody outside the organization learns they exist.
 */
let test: TestApp;
let owner: TestAccount;
beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  owner = await createAccount(test.app, test.database.db);
  await billingClient(test.app, owner).saveDetails();
});
afterAll(() => test.close());

/** A new person with `role` in the owner's organization, calling in it. */
async function memberAs(role: Role) {
  const member = await createAccount(test.app, test.database.db);
  await test.database.db
    .insert(organizationMembers)
    .values({ organizationId: owner.organizationId, userId: member.userId, role });
  const headers = { ...member.headers, 'x-organization': owner.organizationId };
  return billingClient(test.app, { ...member, headers });
}

describe('who may read and change the billing details', () => {
  it.each(['developer', 'viewer', 'admin'] as const)(
    'refuses a %s the change (403) and keeps the details',
    async (role) => {
      const member = await memberAs(role);
      const response = await member.call('PUT', '/details', { ...BILLING_DETAILS, legalName: 'Intruso' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('PermissionDenied');
      expect((await billingClient(test.app, owner).details())?.legalName).toBe('Gi Lima');
    },
  );

  it('refuses a body check before the role: a Viewer with a bad body still gets 403', async () => {
    const response = await (await memberAs('viewer')).call('PUT', '/details', { taxId: 'x' });
    expect(response.statusCode).toBe(403);
  });

  it('lets a Billing member read them; a Developer (no billing.read) may not', async () => {
    expect((await (await memberAs('billing')).details())?.taxId).toBe('52998224725');
    expect((await (await memberAs('developer')).call('GET', '/details')).statusCode).toBe(403);
  });

  it("hides another organization's details from who is not its member (404, as for none)", async () => {
    const stranger = await createAccount(test.app, test.database.db);
    const headers = { ...stranger.headers, 'x-organization': owner.organizationId };
    const asStranger = billingClient(test.app, { ...stranger, headers });
    for (const method of ['GET', 'PUT'] as const) {
      const response = await asStranger.call(method, '/details', BILLING_DETAILS);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('OrganizationNotFound');
    }
    // Their own organization has none.
    expect(await billingClient(test.app, stranger).details()).toBeNull();
  });

  it('needs a signed-in person', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await test.app.inject({
        method,
        url: '/api/billing/details',
        payload: BILLING_DETAILS,
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
