import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { quotaGrants } from '../../db/schema/staff.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditEntriesOf } from '../../test/audit-entries.ts';
import { REASON, type SignedInStaff, signInStaff } from './test-support/staff.ts';

const countEntries = async () =>
  Number((await test.database.db.select({ total: count() }).from(auditEvents))[0]?.total);

/** Issue 26 item 9: a staff action on a missing target is a 404; refused actions change and record nothing. */
let test: TestApp;
let staff: SignedInStaff;
let customer: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  staff = await signInStaff(test.app, test.database.db, 'staff');
  customer = await createAccount(test.app, test.database.db);
}, 60_000);
afterAll(() => test.close());

const send = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) =>
  test.app.inject({
    method,
    url: `/api/admin${path}`,
    headers: { ...staff.headers, 'accept-language': 'en' },
    ...(body ? { payload: body } : {}),
  });

describe('missing targets', () => {
  it('answers 404 for a customer, key, person or "view as" that does not exist, recording nothing', async () => {
    const missing = randomUUID();
    const before = await countEntries();
    const cases: [string, 'GET' | 'POST' | 'DELETE', string, object | undefined][] = [
      ['OrganizationNotFound', 'GET', `/customers/${missing}`, undefined],
      ['OrganizationNotFound', 'GET', `/customers/${missing}/usage`, undefined],
      ['OrganizationNotFound', 'GET', `/customers/${missing}/activity`, undefined],
      ['OrganizationNotFound', 'POST', `/customers/${missing}/plan`, { plan: 'pro', reason: REASON }],
      [
        'OrganizationNotFound',
        'POST',
        `/customers/${missing}/quota-grants`,
        { extraRequests: 1, reason: REASON },
      ],
      ['OrganizationNotFound', 'POST', `/customers/${missing}/suspend`, { reason: REASON }],
      ['OrganizationNotFound', 'POST', `/customers/${missing}/reactivate`, { reason: REASON }],
      [
        'OrganizationNotFound',
        'POST',
        `/customers/${missing}/keys/${randomUUID()}/disable`,
        { reason: REASON },
      ],
      [
        'ApiKeyNotFound',
        'POST',
        `/customers/${customer.organizationId}/keys/${missing}/disable`,
        { reason: REASON },
      ],
      ['UserNotFound', 'POST', `/users/${missing}/resend-confirmation`, { reason: REASON }],
      ['UserNotFound', 'POST', `/users/${missing}/end-sessions`, { reason: REASON }],
      ['OrganizationNotFound', 'POST', `/customers/${missing}/view-as`, { reason: REASON }],
      [
        'MemberNotFound',
        'POST',
        `/customers/${customer.organizationId}/view-as`,
        { userId: missing, reason: REASON },
      ],
      ['ViewAsNotFound', 'DELETE', `/view-as/${missing}`, undefined],
    ];
    for (const [code, method, path, body] of cases) {
      const response = await send(method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().code, `${method} ${path}`).toBe(code);
    }
    expect(await countEntries()).toBe(before);
    expect(await test.database.db.select().from(quotaGrants)).toEqual([]);
  });

  it('answers 400 for an id that is not one', async () => {
    expect((await send('GET', '/customers/not-an-id')).statusCode).toBe(400);
    expect((await send('POST', '/users/42/end-sessions', { reason: REASON })).statusCode).toBe(400);
  });
});

describe('bad bodies', () => {
  it('refuses a grant outside 1 to 1,000,000,000 and an unknown plan, changing nothing', async () => {
    const path = `/customers/${customer.organizationId}/quota-grants`;
    for (const extraRequests of [0, -5, 1_000_000_001, 1.5, 'many']) {
      const response = await send('POST', path, { extraRequests, reason: REASON });
      expect(response.statusCode, String(extraRequests)).toBe(400);
    }
    const tooMany = await send('POST', path, { extraRequests: 0, reason: REASON });
    expect(tooMany.body).toContain('Please grant between 1 and 1,000,000,000 extra requests');
    expect((await send('POST', path, { extraRequests: 1_000_000_000, reason: REASON })).statusCode).toBe(200);
    const plan = await send('POST', `/customers/${customer.organizationId}/plan`, {
      plan: 'platinum',
      reason: REASON,
    });
    expect(plan.statusCode).toBe(400);
    const [row] = await test.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, customer.organizationId));
    expect(row?.plan).toBe('free');
  });
});

describe('conflicts', () => {
  it('refuses to set the plan while a live paid subscription decides it (409), recording nothing', async () => {
    const subscribed = await createAccount(test.app, test.database.db, { plan: 'basic' });
    const now = new Date();
    await test.database.db.insert(subscriptions).values({
      id: `sub_${subscribed.userId.slice(0, 8)}`,
      provider: 'test',
      organizationId: subscribed.organizationId,
      planId: 'basic',
      cycle: 'monthly',
      currency: 'BRL',
      status: 'past_due',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      stateAt: now,
    });
    const response = await send('POST', `/customers/${subscribed.organizationId}/plan`, {
      plan: 'enterprise',
      reason: REASON,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'StaffPlanConflict',
      message: expect.stringContaining('live paid subscription'),
    });
    const [row] = await test.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, subscribed.organizationId));
    expect(row?.plan).toBe('basic');
    expect(
      await auditEntriesOf(test.database.db, {
        organizationId: subscribed.organizationId,
        events: ['staff.plan_changed'],
      }),
    ).toEqual([]);

    // Once it ended, staff may set the plan.
    await test.database.db
      .update(subscriptions)
      .set({ status: 'canceled', endedAt: now })
      .where(eq(subscriptions.organizationId, subscribed.organizationId));
    expect(
      (
        await send('POST', `/customers/${subscribed.organizationId}/plan`, {
          plan: 'enterprise',
          reason: REASON,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses to resend a confirmation to a confirmed address (409)', async () => {
    const response = await send('POST', `/users/${customer.userId}/resend-confirmation`, { reason: REASON });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('StaffEmailAlreadyConfirmed');
    const entries = await test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, 'staff.confirmation_resent'));
    expect(entries).toEqual([]);
  });
});
