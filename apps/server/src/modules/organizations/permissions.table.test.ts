import { randomUUID } from 'node:crypto';
import { can, type Permission, ROLES, type Role } from '@cotacep/shared/roles';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { buildListingRoutes, type RouteList } from './test-support/portal-routes.ts';

/**
 * Issue 24: every portal route, called as each role, against `ROLE_PERMISSIONS`. The table below names what
 * each route needs: a permission in the organization it acts on (from `X-Organization`, or the `:id` of the
 * `/organizations` routes); `personal` when it acts on the signed-in user (or the person signing in), not
 * on an organization; `public` when it needs nobody; `staff` for the staff console (issue 26, checked by its own
 * scope and tested in `modules/admin`). A route missing from the table fails the first test,
 * so a new route comes with its entry.
 */
type Access = Permission | 'personal' | 'public' | 'staff';

const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/openapi.json': 'public',
  'GET /api/status': 'public',
  'GET /api/session/xsrf': 'public',
  'POST /api/csp-report': 'public',
  'GET /api/plans': 'public',
  // Development only (never in production): the e-mails and SMS the app would have sent.
  'GET /api/dev/mailbox': 'public',
  'GET /api/dev/mailbox/sms': 'public',
  // Stripe's signed webhooks (PAYMENTS_PROVIDER=stripe).
  'POST /api/billing/webhooks/stripe': 'public',

  'POST /api/contact': 'personal',
  'POST /api/auth/signup': 'personal',
  'POST /api/auth/signup/confirm': 'personal',
  'POST /api/auth/signup/resend': 'personal',
  'POST /api/auth/login': 'personal',
  'POST /api/auth/login/challenge': 'personal',
  'POST /api/auth/login/challenge/resend': 'personal',
  'POST /api/auth/passkey/options': 'personal',
  'POST /api/auth/passkey/verify': 'personal',
  'POST /api/auth/logout': 'personal',
  'POST /api/auth/token/refresh': 'personal',
  'POST /api/auth/forget-password': 'personal',
  'POST /api/auth/reset-password': 'personal',
  'POST /api/auth/email-change/undo': 'personal',
  'GET /api/auth/providers': 'personal',
  'POST /api/auth/oauth/exchange': 'personal',
  'GET /api/auth/oauth/:provider/start': 'personal',
  'GET /api/auth/oauth/:provider/callback': 'personal',
  'GET /api/auth/captcha/altcha': 'personal',
  'GET /api/account': 'personal',
  // The profile's currency is the default organization's: changing it needs billing.write there (decision 033).
  'PATCH /api/account': 'personal',
  'POST /api/account/email': 'personal',
  'POST /api/account/email/verify': 'personal',
  'POST /api/account/phone': 'personal',
  'POST /api/account/phone/verify': 'personal',
  'POST /api/account/password': 'personal',
  'PUT /api/account/mfa': 'personal',
  'GET /api/account/mfa': 'personal',
  'POST /api/account/mfa/totp': 'personal',
  'POST /api/account/mfa/totp/verify': 'personal',
  'DELETE /api/account/mfa/totp': 'personal',
  'POST /api/account/mfa/recovery-codes': 'personal',
  'GET /api/account/passkeys': 'personal',
  'POST /api/account/passkeys/options': 'personal',
  'POST /api/account/passkeys': 'personal',
  'PATCH /api/account/passkeys/:id': 'personal',
  'DELETE /api/account/passkeys/:id': 'personal',
  'POST /api/account/reauthenticate': 'personal',
  'POST /api/account/reauthenticate/code': 'personal',
  'GET /api/account/sessions': 'personal',
  'DELETE /api/account/sessions/:id': 'personal',
  'DELETE /api/account/oauth/:provider': 'personal',
  'POST /api/account/oauth/:provider/link': 'personal',
  'GET /api/organizations': 'personal',
  'POST /api/organizations': 'personal',
  'POST /api/invitations/preview': 'personal',
  'POST /api/invitations/accept': 'personal',
  // The signed-in person's own entries (issue 26).
  'GET /api/account/activity': 'personal',

  'GET /api/projects': 'keys.read',
  'POST /api/projects': 'keys.write',
  'GET /api/projects/:id': 'keys.read',
  'PATCH /api/projects/:id': 'keys.write',
  'DELETE /api/projects/:id': 'keys.write',
  'GET /api/keys': 'keys.read',
  'POST /api/keys': 'keys.write',
  'GET /api/keys/:id': 'keys.read',
  'PATCH /api/keys/:id': 'keys.write',
  'DELETE /api/keys/:id': 'keys.write',
  'POST /api/keys/:id/rotate': 'keys.write',
  'GET /api/usage': 'usage.read',
  'GET /api/usage.csv': 'usage.read',
  'GET /api/billing': 'billing.read',
  'POST /api/billing/checkout': 'billing.write',
  'POST /api/billing/checkout/cancel': 'billing.write',
  'POST /api/billing/portal': 'billing.write',
  'GET /api/billing/invoices': 'billing.read',
  'GET /api/billing/invoices/:id': 'billing.read',
  'GET /api/billing/invoices/:id/pdf': 'billing.read',
  'GET /api/billing/invoices/:id/nfse.pdf': 'billing.read',
  'GET /api/billing/invoices/:id/nfse.xml': 'billing.read',
  'GET /api/billing/details': 'billing.read',
  'PUT /api/billing/details': 'billing.write',
  // Test mode's own pages (PAYMENTS_PROVIDER=test).
  'GET /api/billing/test/checkouts/:id': 'billing.read',
  'POST /api/billing/test/checkouts/:id/pay': 'billing.write',
  'POST /api/billing/test/checkouts/:id/cancel': 'billing.write',
  'POST /api/billing/test/checkouts/:id/boleto': 'billing.write',
  'POST /api/billing/test/invoices/:id/boleto': 'billing.write',
  'POST /api/billing/test/checkouts/:id/pix': 'billing.write',
  'POST /api/billing/test/checkouts/:id/pix/pay': 'billing.write',
  'GET /api/billing/test/invoices/:id/pix': 'billing.read',
  'POST /api/billing/test/invoices/:id/pix': 'billing.write',
  'POST /api/billing/test/invoices/:id/pix/pay': 'billing.write',
  'POST /api/billing/test/invoices/:id/refund': 'billing.write',
  'POST /api/billing/test/manage': 'billing.write',
  'GET /api/billing/test/clock': 'billing.read',
  'POST /api/billing/test/clock': 'billing.write',

  // The organization is the path's `:id`; `X-Organization` plays no part.
  'GET /api/organizations/:id': 'organization.read',
  // Special case: `requireTwoFactor` needs organization.security too (403 PermissionDenied without it).
  'PATCH /api/organizations/:id': 'organization.update',
  'DELETE /api/organizations/:id': 'organization.delete',
  'GET /api/organizations/:id/members': 'organization.read',
  // Special case: an Admin may not touch an Owner, nor make anyone one (403 RoleNotAssignable).
  'PATCH /api/organizations/:id/members/:userId': 'members.manage',
  // Special cases: leaving (the caller's own id) is every role's; an Admin may not remove an Owner.
  'DELETE /api/organizations/:id/members/:userId': 'members.manage',
  'GET /api/organizations/:id/invitations': 'members.manage',
  'POST /api/organizations/:id/invitations': 'members.manage',
  'DELETE /api/organizations/:id/invitations/:invitationId': 'members.manage',
  'POST /api/organizations/:id/invitations/:invitationId/resend': 'members.manage',
  'GET /api/organizations/:id/activity': 'activity.read',

  // The staff console (issue 26): Cotacep's staff only, whatever the caller's organizations.
  // The person's own LGPD rights (issue 26): their export and their account, in no organization.
  'POST /api/account/export': 'personal',
  'GET /api/account/export': 'personal',
  'GET /api/account/export/:id/download': 'personal',
  'GET /api/account/close': 'personal',
  'POST /api/account/close/code': 'personal',
  'POST /api/account/close': 'personal',
  'DELETE /api/account/close': 'personal',
  'GET /api/admin/overview': 'staff',
  'GET /api/admin/customers': 'staff',
  'GET /api/admin/customers/:organizationId': 'staff',
  'GET /api/admin/customers/:organizationId/usage': 'staff',
  'GET /api/admin/customers/:organizationId/nfse': 'staff',
  'POST /api/admin/customers/:organizationId/nfse/:invoiceId/retry': 'staff',
  'GET /api/admin/nfse': 'staff',
  'GET /api/admin/customers/:organizationId/activity': 'staff',
  'GET /api/admin/staff-activity': 'staff',
  'GET /api/admin/staff': 'staff',
  'GET /api/admin/closures': 'staff',
  'POST /api/admin/customers/:organizationId/plan': 'staff',
  'POST /api/admin/customers/:organizationId/quota-grants': 'staff',
  'POST /api/admin/customers/:organizationId/suspend': 'staff',
  'POST /api/admin/customers/:organizationId/reactivate': 'staff',
  'POST /api/admin/customers/:organizationId/keys/:keyId/disable': 'staff',
  'POST /api/admin/users/:userId/resend-confirmation': 'staff',
  'POST /api/admin/users/:userId/end-sessions': 'staff',
  'POST /api/admin/customers/:organizationId/view-as': 'staff',
  'DELETE /api/admin/view-as/:impersonationId': 'staff',
};

/**
 * A valid body for each organization-scoped route that takes one, so a role that may call it gets past
 * validation too (the role is checked before the body, in preValidation).
 */
const BILLING_DETAILS = {
  country: 'US',
  legalName: 'Acme Inc.',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  emails: ['ap@acme.example'],
};
const BODIES: Record<string, object> = {
  'POST /api/projects': { name: 'Table project' },
  'PATCH /api/projects/:id': { name: 'Renamed' },
  'POST /api/keys': { description: 'Table key', kind: 'public', allowedOrigins: '*' },
  'PATCH /api/keys/:id': { enabled: false },
  'POST /api/keys/:id/rotate': {},
  'POST /api/billing/checkout': { planId: 'basic', cycle: 'monthly' },
  'POST /api/billing/test/checkouts/:id/pay': {
    method: 'card',
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  },
  'PUT /api/billing/details': BILLING_DETAILS,
  'POST /api/billing/test/checkouts/:id/boleto': { outcome: 'paid' },
  'POST /api/billing/test/invoices/:id/boleto': { outcome: 'paid' },
  'POST /api/billing/test/manage': { action: 'cancel' },
  'POST /api/billing/test/clock': { days: 1 },
  'PATCH /api/organizations/:id': { name: 'Renamed organization' },
  'PATCH /api/organizations/:id/members/:userId': { role: 'developer' },
  'POST /api/organizations/:id/invitations': { email: 'table.invitee@example.com', role: 'viewer' },
};

const PORTAL_ROUTE = /^[A-Z]+ \/api(\/|\.|$)/;
const isPathScoped = (route: string) => route.includes(' /api/organizations/:id');

let test: TestApp;
let routes: RouteList;
const members = {} as Record<Role, TestAccount>;
/** A Developer every removal and role change of the table acts on. */
let target: TestAccount;

beforeAll(async () => {
  const testMode = await buildListingRoutes(() => createTestApp({ env: GATEWAY_TEST_ENV }));
  test = testMode.built;
  // Stripe's scope has routes of its own (its webhooks); the app is only listed, never called.
  const stripe = await buildListingRoutes(() =>
    createTestApp({
      database: test.database,
      env: {
        ...GATEWAY_TEST_ENV,
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_table',
        STRIPE_WEBHOOK_SECRET: 'whsec_table',
      },
    }),
  );
  await stripe.built.app.close();
  routes = new Map([...testMode.routes, ...stripe.routes].filter(([route]) => PORTAL_ROUTE.test(route)));
  for (const role of ROLES) members[role] = await createAccount(test.app, test.database.db);
  target = await createAccount(test.app, test.database.db);
}, 60_000);
afterAll(() => test?.close());

/** A new organization (no seat limit) with an Owner, an Admin, a Developer, a Billing and a Viewer, and the target. */
async function freshOrganization(db: Db): Promise<string> {
  const id = randomUUID();
  await db.insert(organizations).values({ id, name: `Table ${id.slice(0, 8)}`, plan: 'enterprise' });
  await db
    .insert(organizationMembers)
    .values([
      ...ROLES.map((role) => ({ organizationId: id, userId: members[role].userId, role })),
      { organizationId: id, userId: target.userId, role: 'developer' as const },
    ]);
  return id;
}

/** Calls `route` as `role` in `organizationId`, with made-up ids for what the organization does not have. */
function callAs(
  app: FastifyInstance,
  role: Role,
  route: string,
  organizationId: string,
  userId = target.userId,
) {
  const [method, path] = route.split(' ') as [string, string];
  const url = path
    .replace(':userId', userId)
    .replace(':id', isPathScoped(route) ? organizationId : randomUUID())
    .replace(':invitationId', randomUUID());
  const caller = members[role];
  // On the path-scoped routes the header names the caller's own organization (where they are Owner):
  // the path, not the header, must decide.
  const header = isPathScoped(route) ? caller.organizationId : organizationId;
  const body = BODIES[route];
  return app.inject({
    method: method as 'GET',
    url,
    headers: { ...caller.headers, 'x-organization': header },
    ...(body ? { payload: body } : {}),
  });
}

const codeOf = (response: { body: string }) => {
  try {
    return (JSON.parse(response.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

describe('the permission table of the portal API', () => {
  it('has an entry for every route under /api, and no entry for a route that is gone', () => {
    const listed = [...routes.keys()];
    expect(listed.length).toBeGreaterThan(60);
    expect(listed.filter((route) => !(route in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('gives a permission entry exactly to the routes whose preValidation is `requirePermission`', () => {
    const checked = [...routes].filter(([, check]) => check !== null).map(([route]) => route);
    const permissionEntries = Object.entries(ROUTE_ACCESS)
      .filter(([, access]) => access !== 'personal' && access !== 'public' && access !== 'staff')
      .map(([route]) => route);
    expect(checked.sort()).toEqual(permissionEntries.sort());
    // The organization comes from the path under /organizations/:id, from X-Organization everywhere else.
    for (const route of checked) {
      expect(routes.get(route)?.source, route).toBe(isPathScoped(route) ? 'path' : 'header');
    }
  });

  const scoped = Object.entries(ROUTE_ACCESS).filter(
    (entry): entry is [string, Permission] =>
      entry[1] !== 'personal' && entry[1] !== 'public' && entry[1] !== 'staff',
  );

  it.each(scoped)(
    '%s needs %s: refused to every role without it, and only to those',
    async (route, permission) => {
      for (const role of ROLES) {
        const organizationId = await freshOrganization(test.database.db);
        const response = await callAs(test.app, role, route, organizationId);
        const where = `${route} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (can(role, permission)) {
          expect(codeOf(response), where).not.toBe('PermissionDenied');
          expect(codeOf(response), where).not.toBe('OrganizationNotFound');
          expect(response.statusCode, where).toBeLessThan(500);
          expect(response.statusCode, where).not.toBe(401);
        } else {
          expect(response.statusCode, where).toBe(403);
          expect(codeOf(response), where).toBe('PermissionDenied');
        }
      }
    },
  );

  it('lets every role leave with its own id (the last Owner excepted: LastOwner)', async () => {
    const route = 'DELETE /api/organizations/:id/members/:userId';
    for (const role of ROLES) {
      const organizationId = await freshOrganization(test.database.db);
      const response = await callAs(test.app, role, route, organizationId, members[role].userId);
      const where = `${role}: ${response.body}`;
      if (role === 'owner') {
        expect(response.statusCode, where).toBe(409);
        expect(codeOf(response), where).toBe('LastOwner');
      } else {
        expect(response.statusCode, where).toBe(204);
      }
    }
  });

  it('lets only the roles with organization.security require two-factor (issue 25)', async () => {
    for (const role of ROLES) {
      const organizationId = await freshOrganization(test.database.db);
      // Turning it off needs no second factor of the caller's: only the permission decides.
      const response = await test.app.inject({
        method: 'PATCH',
        url: `/api/organizations/${organizationId}`,
        headers: members[role].headers,
        payload: { requireTwoFactor: false },
      });
      const where = `${role}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (can(role, 'organization.security')) {
        expect(response.statusCode, where).toBe(200);
      } else {
        expect(response.statusCode, where).toBe(403);
        expect(codeOf(response), where).toBe('PermissionDenied');
      }
    }
    expect(ROLES.filter((role) => can(role, 'organization.security'))).toEqual(['owner']);
  });

  it('refuses an Admin who touches an Owner, or makes someone one, with RoleNotAssignable', async () => {
    const organizationId = await freshOrganization(test.database.db);
    const owner = members.owner.userId;
    const attempts = [
      () => callAs(test.app, 'admin', 'PATCH /api/organizations/:id/members/:userId', organizationId, owner),
      () => callAs(test.app, 'admin', 'DELETE /api/organizations/:id/members/:userId', organizationId, owner),
      () =>
        test.app.inject({
          method: 'PATCH',
          url: `/api/organizations/${organizationId}/members/${target.userId}`,
          headers: members.admin.headers,
          payload: { role: 'owner' },
        }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.statusCode, response.body).toBe(403);
      expect(codeOf(response)).toBe('RoleNotAssignable');
    }
  });
});
