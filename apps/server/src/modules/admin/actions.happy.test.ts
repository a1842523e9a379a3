import { randomUUID } from 'node:crypto';
import { ORGANIZATION_HEADER } from '@cotacep/shared/constants';
import { getPlan } from '@cotacep/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys.ts';
import type { AuditEventRow } from '../../db/schema/audit-events.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { quotaGrants } from '../../db/schema/staff.ts';
import { users } from '../../db/schema/users.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { auditEntriesOf } from '../../test/audit-entries.ts';
import { uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { verifyAuditLog } from '../audit/verify.ts';
import { foundOrganization } from '../organizations/founding.ts';
import { grantPeriod } from '../usage/quota-grants.ts';
import { REASON, type SignedInStaff, signInStaff } from './test-support/staff.ts';

/**
 * Issue 26 item 5: each staff action's effect, at once, and its entry in the customer's own chain: the event,
 * actor type `staff` with the staff member's id, the reason, in the same transaction as the change.
 */
let test: IdentityTestApp;
let staff: SignedInStaff;

beforeAll(async () => {
  test = await createIdentityTestApp(GATEWAY_TEST_ENV);
  staff = await signInStaff(test.app, test.database.db, 'staff');
}, 60_000);
afterAll(() => test.close());

const SUCCESS = '/quotes/json/last/USD-BRL';
const api = (secret: string, url = SUCCESS) =>
  test.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret } });
const portal = (who: { headers: Record<string, string> }, url: string, extra: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers: { ...who.headers, ...extra } });
const act = (path: string, body: object = { reason: REASON }) =>
  test.app.inject({ method: 'POST', url: `/api/admin${path}`, headers: staff.headers, payload: body });

/** The organization's entries of one event, newest last. */
async function entries(organizationId: string, event: AuditEventRow['event']) {
  return auditEntriesOf(test.database.db, { organizationId, events: [event] });
}

function expectStaffEntry(entry: AuditEventRow | undefined, reason = REASON) {
  expect(entry).toMatchObject({ actorType: 'staff', actorId: staff.userId, reason });
  expect(entry?.ip).toBeTruthy();
}

describe('change plan', () => {
  it('sets the plan (Enterprise included), raises the limits the gateway enforces at once, and records it', async () => {
    const customer = await createAccount(test.app, test.database.db);
    const { secret } = await createKey(test.app, customer);
    expect((await api(secret)).headers['x-quota-limit']).toBe(String(getPlan('free').monthlyQuota));

    const response = await act(`/customers/${customer.organizationId}/plan`, {
      plan: 'enterprise',
      reason: REASON,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      plan: 'enterprise',
      quota: { planQuota: getPlan('enterprise').monthlyQuota, granted: 0 },
    });
    const [row] = await test.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, customer.organizationId));
    expect(row?.plan).toBe('enterprise');
    expect((await api(secret)).headers['x-quota-limit']).toBe(String(getPlan('enterprise').monthlyQuota));
    const [entry] = await entries(customer.organizationId, 'staff.plan_changed');
    expectStaffEntry(entry);
    expect(entry?.details).toEqual({ from: 'free', to: 'enterprise' });
    expect(entry?.targetId).toBe(customer.organizationId);
  });
});

describe('quota grants', () => {
  it('adds the extra requests to the quota the gateway enforces this period, and the dashboard shows it', async () => {
    const customer = await createAccount(test.app, test.database.db, { limits: { monthlyQuota: 3 } });
    const { secret } = await createKey(test.app, customer);
    for (let index = 0; index < 3; index++) expect((await api(secret)).statusCode).toBe(200);
    const refused = await api(secret);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('quota_exceeded');

    const response = await act(`/customers/${customer.organizationId}/quota-grants`, {
      extraRequests: 2,
      reason: REASON,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      grant: {
        extraRequests: 2,
        reason: REASON,
        period: grantPeriod(),
        grantedBy: { userId: staff.userId, email: staff.email },
      },
      quota: { planQuota: 3, granted: 2, limit: 5, used: 3, remaining: 2 },
    });
    for (let index = 0; index < 2; index++) {
      const admitted = await api(secret);
      expect(admitted.statusCode).toBe(200);
      expect(admitted.headers['x-quota-limit']).toBe('5');
    }
    expect((await api(secret)).statusCode).toBe(429);

    const usage = (await portal(customer, '/api/usage')).json();
    expect(usage).toMatchObject({ plan: { monthlyQuota: 5 }, extraQuota: 2, used: 5, remaining: 0 });
    const [entry] = await entries(customer.organizationId, 'staff.quota_granted');
    expectStaffEntry(entry);
    expect(entry?.details).toEqual({ extraRequests: 2, period: grantPeriod() });
  });

  it('counts only the current period’s grants', async () => {
    const customer = await createAccount(test.app, test.database.db, { limits: { monthlyQuota: 10 } });
    await test.database.db.insert(quotaGrants).values({
      organizationId: customer.organizationId,
      period: '2000-01',
      extraRequests: 1_000,
      reason: 'an old grant, long over',
    });
    const usage = (await portal(customer, '/api/usage')).json();
    expect(usage).toMatchObject({ plan: { monthlyQuota: 10 }, extraQuota: 0 });
    const page = (await portal(staff, `/api/admin/customers/${customer.organizationId}`)).json();
    expect(page.quota).toMatchObject({ planQuota: 10, granted: 0, limit: 10 });
    expect(page.grants).toEqual([]);
  });
});

describe('suspend and reactivate', () => {
  it('refuses the keys at once, signs out the members it is the only organization of, and reactivation restores the keys', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const member = await createAccount(test.app, test.database.db);
    const { organizationId } = owner;
    // The member also belongs to an organization of their own: their sessions stay, that organization is refused.
    await test.database.db
      .insert(organizationMembers)
      .values({ organizationId, userId: member.userId, role: 'developer' });
    const { secret } = await createKey(test.app, owner);
    expect((await api(secret)).statusCode).toBe(200);

    const response = await act(`/customers/${organizationId}/suspend`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'suspended',
      suspensionReason: REASON,
      sessionsEnded: 1,
    });

    const refused = await test.app.inject({
      method: 'GET',
      url: SUCCESS,
      headers: { 'x-api-key': secret, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 403,
      code: 'organization_suspended',
      message: 'organization suspended: contact support',
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    // In the XML routes' own format too.
    const xml = await test.app.inject({
      method: 'GET',
      url: '/quotes/xml/last/USD-BRL',
      headers: { 'x-api-key': secret },
    });
    expect(xml.statusCode).toBe(403);
    expect(xml.body).toContain('<code>organization_suspended</code>');

    // The owner's session ended (its only organization); the member's did not, but the organization is refused.
    expect((await portal(owner, '/api/account')).statusCode).toBe(401);
    const [ownerSession] = await test.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, owner.userId));
    expect(ownerSession?.revokedReason).toBe('organization_suspended');
    expect((await portal(member, '/api/account')).statusCode).toBe(200);
    const keys = await portal(member, '/api/keys', {
      [ORGANIZATION_HEADER]: organizationId,
      'accept-language': 'en',
    });
    expect(keys.statusCode).toBe(403);
    expect(keys.json()).toMatchObject({
      code: 'OrganizationSuspended',
      message: 'This organization is suspended. Contact Cotacep support.',
    });
    expect((await portal(member, '/api/keys')).statusCode).toBe(200);

    const [suspended] = await entries(organizationId, 'staff.organization_suspended');
    expectStaffEntry(suspended);
    expect(suspended?.details).toEqual({ sessionsEnded: 1 });
    // Suspending again changes nothing and records nothing.
    expect((await act(`/customers/${organizationId}/suspend`)).json()).toMatchObject({
      status: 'suspended',
      sessionsEnded: 0,
    });
    expect(await entries(organizationId, 'staff.organization_suspended')).toHaveLength(1);

    const reactivated = await act(`/customers/${organizationId}/reactivate`, {
      reason: 'Payment arrived, ticket #4522',
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toEqual({
      status: 'active',
      suspendedAt: null,
      suspensionReason: null,
      sessionsEnded: 0,
    });
    expect((await api(secret)).statusCode).toBe(200);
    expect((await portal(member, '/api/keys', { [ORGANIZATION_HEADER]: organizationId })).statusCode).toBe(
      200,
    );
    const [entry] = await entries(organizationId, 'staff.organization_reactivated');
    expectStaffEntry(entry, 'Payment arrived, ticket #4522');
  });
});

describe('disable a key', () => {
  it('disables it at once and records it with its name and prefix', async () => {
    const customer = await createAccount(test.app, test.database.db);
    const { key, secret } = await createKey(test.app, customer, { description: 'Shop checkout' });
    expect((await api(secret)).statusCode).toBe(200);
    const response = await act(`/customers/${customer.organizationId}/keys/${key.id}/disable`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().key).toMatchObject({
      id: key.id,
      enabled: false,
      prefix: key.prefix,
      description: 'Shop checkout',
    });
    const refused = await api(secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('disabled_token');
    const [entry] = await entries(customer.organizationId, 'staff.key_disabled');
    expectStaffEntry(entry);
    expect(entry).toMatchObject({ targetType: 'key', targetId: key.id });
    expect(entry?.details).toEqual({ name: 'Shop checkout', prefix: key.prefix, wasEnabled: true });
  });
});

describe('resend a confirmation', () => {
  it('sends a new sign-up code to an unconfirmed person and records it in their organization', async () => {
    const email = uniqueEmail('unconfirmed');
    const id = randomUUID();
    const person = { id, email, firstName: 'Nina', lastName: 'Prado' };
    await test.database.db.insert(users).values(person);
    await foundOrganization(test.database.db, person);
    const before = test.smtp.countTo(email);
    const response = await act(`/users/${id}/resend-confirmation`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: true });
    const mail = await test.smtp.waitFor(email);
    expect(test.smtp.countTo(email)).toBe(before + 1);
    expect(mail.text).toMatch(/\d{6}/);
    const [entry] = await auditEntriesOf(test.database.db, {
      userId: id,
      events: ['staff.confirmation_resent'],
    });
    expectStaffEntry(entry);
    expect(entry).toMatchObject({ organizationId: id, targetType: 'user', targetId: id });
  });
});

describe('end sessions', () => {
  it('ends every session of the person at once and records how many', async () => {
    const customer = await createAccount(test.app, test.database.db);
    expect((await portal(customer, '/api/account')).statusCode).toBe(200);
    const response = await act(`/users/${customer.userId}/end-sessions`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sessionsEnded: 1 });
    expect((await portal(customer, '/api/account')).statusCode).toBe(401);
    const [entry] = await entries(customer.organizationId, 'staff.sessions_ended');
    expectStaffEntry(entry);
    expect(entry).toMatchObject({ userId: customer.userId, details: { sessionsEnded: 1 } });
  });
});

describe('every action lands in the customer’s own activity and in the staff trail', () => {
  it('shows staff named to staff, and as Cotacep to the customer, with the reason', async () => {
    const customer: TestAccount = await createAccount(test.app, test.database.db);
    await act(`/customers/${customer.organizationId}/quota-grants`, { extraRequests: 7, reason: REASON });
    const staffView = (
      await portal(staff, `/api/admin/customers/${customer.organizationId}/activity`)
    ).json();
    const granted = staffView.entries.find(
      (entry: { event: string }) => entry.event === 'staff.quota_granted',
    );
    expect(granted).toMatchObject({ actor: { type: 'staff', id: staff.userId }, reason: REASON });
    expect(granted.actor.label).toContain(staff.email);

    const customerView = (
      await portal(customer, `/api/organizations/${customer.organizationId}/activity`)
    ).json();
    const seen = customerView.entries.find(
      (entry: { event: string }) => entry.event === 'staff.quota_granted',
    );
    expect(seen).toMatchObject({
      actor: { type: 'staff', id: null, label: 'Cotacep' },
      reason: REASON,
      ip: null,
    });

    const trail = (await portal(staff, `/api/admin/staff-activity?staffId=${staff.userId}&limit=100`)).json();
    expect(trail.entries.length).toBeGreaterThan(0);
    for (const entry of trail.entries) expect(entry.actor).toMatchObject({ type: 'staff', id: staff.userId });
    expect(
      trail.entries.some(
        (entry: { organizationId: string }) => entry.organizationId === customer.organizationId,
      ),
    ).toBe(true);
    const nobody = (await portal(staff, `/api/admin/staff-activity?staffId=${randomUUID()}`)).json();
    expect(nobody).toEqual({ entries: [], nextCursor: null });
  });

  it('keeps a key the customer can see enabled when another organization’s key id is given (404)', async () => {
    const one = await createAccount(test.app, test.database.db);
    const other = await createAccount(test.app, test.database.db);
    const { key } = await createKey(test.app, other);
    const response = await act(`/customers/${one.organizationId}/keys/${key.id}/disable`);
    expect(response.statusCode).toBe(404);
    const [row] = await test.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.enabled).toBe(true);
    expect(await entries(one.organizationId, 'staff.key_disabled')).toEqual([]);
  });
});

describe('the audit log after every staff action', () => {
  it('still verifies: every entry chained in its organization', async () => {
    const result = await verifyAuditLog(test.database.db);
    expect(result.broken).toBeNull();
    expect(result.entries).toBeGreaterThan(10);
  });
});
