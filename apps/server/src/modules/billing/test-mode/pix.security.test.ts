import type { Role } from '@cotacep/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { billingClient } from '../test-support/billing-client.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
});
afterAll(() => test.close());

/** An Owner with a checkout waiting for its Pix code, and its renewal's open invoice of another Owner. */
async function ownerWithCode() {
  const owner = await createAccount(test.app, test.database.db);
  const billing = billingClient(test.app, owner);
  const checkoutId = await billing.startCheckout({ planId: 'basic', cycle: 'yearly' });
  expect((await billing.call('POST', `/test/checkouts/${checkoutId}/pix`)).statusCode).toBe(200);
  const [invoice] = await billing.invoices();
  return { owner, billing, checkoutId, invoiceId: invoice?.id ?? '' };
}

/** A member of the owner's organization with `role`, calling with `X-Organization`. */
async function memberOf(owner: TestAccount, role: Role) {
  const member = await createAccount(test.app, test.database.db);
  await test.database.db
    .insert(organizationMembers)
    .values({ organizationId: owner.organizationId, userId: member.userId, role });
  return billingClient(test.app, {
    ...member,
    headers: { ...member.headers, 'x-organization': owner.organizationId },
  });
}

describe('who may ask for and pay a Pix code', () => {
  it.each(['admin', 'developer', 'viewer'] as const)(
    'refuses a %s (no billing.write) with 403',
    async (role) => {
      const { owner, billing, checkoutId, invoiceId } = await ownerWithCode();
      const member = await memberOf(owner, role);
      for (const [method, url] of [
        ['POST', `/test/checkouts/${checkoutId}/pix`],
        ['POST', `/test/checkouts/${checkoutId}/pix/pay`],
        ['POST', `/test/invoices/${invoiceId}/pix`],
        ['POST', `/test/invoices/${invoiceId}/pix/pay`],
        ['GET', `/test/invoices/${invoiceId}/pix`],
      ] as const) {
        const response = await member.call(method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().code).toBe('PermissionDenied');
      }
      expect((await billing.getCheckout(checkoutId)).pix?.status).toBe('pending');
      expect((await billing.summary()).planId).toBe('free');
    },
  );

  it('lets a Billing member pay it for the organization', async () => {
    const { owner, billing, checkoutId } = await ownerWithCode();
    const member = await memberOf(owner, 'billing');
    expect((await member.call('POST', `/test/checkouts/${checkoutId}/pix/pay`)).statusCode).toBe(200);
    expect((await billing.summary()).planId).toBe('basic');
  });

  it('never finds another organization’s checkout or invoice (404), and changes nothing of it', async () => {
    const { billing, checkoutId, invoiceId } = await ownerWithCode();
    const stranger = billingClient(test.app, await createAccount(test.app, test.database.db));
    await stranger.saveDetails();
    for (const url of [`/test/checkouts/${checkoutId}/pix`, `/test/checkouts/${checkoutId}/pix/pay`]) {
      const response = await stranger.call('POST', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('CheckoutNotFound');
    }
    for (const [method, url] of [
      ['POST', `/test/invoices/${invoiceId}/pix`],
      ['POST', `/test/invoices/${invoiceId}/pix/pay`],
      ['GET', `/test/invoices/${invoiceId}/pix`],
    ] as const) {
      const response = await stranger.call(method, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('InvoiceNotFound');
    }
    expect((await billing.getCheckout(checkoutId)).pix?.status).toBe('pending');
    expect((await billing.invoices())[0]?.status).toBe('open');
  });

  it('needs a signed-in customer', async () => {
    const { checkoutId } = await ownerWithCode();
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/billing/test/checkouts/${checkoutId}/pix/pay`,
    });
    expect(response.statusCode).toBe(401);
  });
});
