import { getPlan, getPlanPrice } from '@cotacep/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from '../../db/schema/billing-accounts.ts';
import { billingDetails } from '../../db/schema/billing-details.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { accountClosures } from '../../db/schema/privacy-requests.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { users } from '../../db/schema/users.ts';
import { utcDay } from '../../lib/time.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { hourStart } from '../usage/period.ts';
import { writeUsageBatch } from '../usage/write-batch.ts';
import { escapeLike } from './customers.ts';
import { type SignedInStaff, signInStaff } from './test-support/staff.ts';

/** Issue 26 items 4 and 6: finding a customer, their page, their usage as they see it, the overview, closures. */
let test: TestApp;
let support: SignedInStaff;
let percent: TestAccount;
let underscore: TestAccount;
let plain: TestAccount;
let paying: TestAccount;
let keyed: TestAccount;
let keyedSecret: string;
let keyedPrefix: string;

async function rename(account: TestAccount, name: string) {
  await test.database.db
    .update(organizations)
    .set({ name })
    .where(eq(organizations.id, account.organizationId));
}

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  const { db } = test.database;
  support = await signInStaff(test.app, db, 'support');
  percent = await createAccount(test.app, db);
  await rename(percent, 'Acme 100% Ltda');
  underscore = await createAccount(test.app, db);
  await rename(underscore, 'foo_bar tech');
  plain = await createAccount(test.app, db);
  await rename(plain, 'Acme 1000 fooXbar');
  await db
    .update(users)
    .set({ firstName: 'Beatriz', lastName: 'Quintana', taxId: '52998224725' })
    .where(eq(users.id, plain.userId));
  paying = await createAccount(test.app, db, { plan: 'pro' });
  await rename(paying, 'Paying Corp');
  await db.insert(billingAccounts).values({
    organizationId: paying.organizationId,
    provider: 'test',
    customerId: `cus_${paying.userId.slice(0, 8)}`,
  });
  await db.insert(billingDetails).values({
    organizationId: paying.organizationId,
    country: 'BR',
    legalName: 'Paying Corp Ltda',
    taxId: '11222333000181',
    postalCode: '01310100',
    street: 'Avenida Paulista',
    number: '1000',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    emails: ['finance@paying.example'],
  });
  const now = new Date();
  await db.insert(subscriptions).values({
    id: `sub_${paying.userId.slice(0, 8)}`,
    provider: 'test',
    organizationId: paying.organizationId,
    planId: 'pro',
    cycle: 'yearly',
    currency: 'BRL',
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 365 * 86_400_000),
    stateAt: now,
  });
  await db.insert(invoices).values({
    id: `in_${paying.userId.slice(0, 8)}`,
    provider: 'test',
    organizationId: paying.organizationId,
    number: `T-${paying.userId.slice(0, 8)}`,
    status: 'paid',
    amount: getPlanPrice('pro', 'yearly', 'BRL'),
    currency: 'BRL',
    planId: 'pro',
    cycle: 'yearly',
    periodStart: now,
    periodEnd: new Date(now.getTime() + 365 * 86_400_000),
    paidAt: now,
    stateAt: now,
    createdAt: now,
  });
  keyed = await createAccount(test.app, db, { limits: { monthlyQuota: 100 } });
  await rename(keyed, 'Keyed Org');
  const created = await createKey(test.app, keyed, {
    kind: 'private',
    allowedOrigins: '203.0.113.7, 10.0.0.0/8',
  });
  keyedSecret = created.secret;
  keyedPrefix = created.key.prefix;
  // 85 of its 100 requests used this month: over 80 %.
  const usage = {
    organizationId: keyed.organizationId,
    projectId: created.key.projectId,
    keyId: created.key.id,
  };
  const counted = { day: utcDay(Date.now()), hour: hourStart(Date.now()) };
  await writeUsageBatch(
    db,
    [
      { ...usage, ...counted, status: 200, count: 85 },
      { ...usage, ...counted, status: 500, count: 5 },
    ],
    new Map(),
  );
}, 60_000);
afterAll(() => test.close());

const get = (url: string) => test.app.inject({ method: 'GET', url, headers: support.headers });
const search = async (query: Record<string, string>) => {
  const response = await get(`/api/admin/customers?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: { id: string; name: string }[];
    total: number;
    page: number;
    limit: number;
  };
};
const ids = (result: { items: { id: string }[] }) => result.items.map((item) => item.id).sort();

describe('customer search', () => {
  it('escapes LIKE wildcards: "%" and "_" match themselves only', async () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
    expect(ids(await search({ q: '%' }))).toEqual([percent.organizationId]);
    expect(ids(await search({ q: '_' }))).toEqual([underscore.organizationId]);
    expect(ids(await search({ q: '100%' }))).toEqual([percent.organizationId]);
    expect(ids(await search({ q: 'foo_bar' }))).toEqual([underscore.organizationId]);
    expect(ids(await search({ q: '\\' }))).toEqual([]);
  });

  it('finds by organization name, member name, e-mail, CPF, CNPJ (any punctuation), id, key prefix and secret', async () => {
    expect(ids(await search({ q: 'acme' }))).toEqual([percent.organizationId, plain.organizationId].sort());
    expect(ids(await search({ q: 'beatriz quin' }))).toEqual([plain.organizationId]);
    expect(ids(await search({ q: plain.email.toUpperCase() }))).toEqual([plain.organizationId]);
    expect(ids(await search({ q: '529.982.247-25' }))).toEqual([plain.organizationId]);
    expect(ids(await search({ q: '11222333000181' }))).toEqual([paying.organizationId]);
    expect(ids(await search({ q: paying.organizationId }))).toEqual([paying.organizationId]);
    expect(ids(await search({ q: keyedPrefix }))).toEqual([keyed.organizationId]);
    expect(ids(await search({ q: keyedSecret }))).toEqual([keyed.organizationId]);
    expect(ids(await search({ q: 'nothing like this anywhere' }))).toEqual([]);
  });

  it('filters by plan, status, creation time and quota use, and pages on the server', async () => {
    expect(ids(await search({ plan: 'pro' }))).toEqual([paying.organizationId]);
    expect(ids(await search({ overQuota: 'true' }))).toEqual([keyed.organizationId]);
    await test.database.db
      .update(organizations)
      .set({ suspendedAt: new Date() })
      .where(eq(organizations.id, plain.organizationId));
    expect(ids(await search({ status: 'suspended' }))).toEqual([plain.organizationId]);
    expect(ids(await search({ status: 'active', q: 'acme' }))).toEqual([percent.organizationId]);
    await test.database.db
      .update(organizations)
      .set({ suspendedAt: null })
      .where(eq(organizations.id, plain.organizationId));
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await search({ createdFrom: future })).items).toEqual([]);
    const all = await search({ createdTo: future, limit: '100' });
    const pageOne = await search({ limit: '2', page: '1' });
    const pageTwo = await search({ limit: '2', page: '2' });
    expect(pageOne).toMatchObject({ page: 1, limit: 2, total: all.total });
    expect(pageOne.items).toHaveLength(2);
    expect(pageTwo.items).toHaveLength(2);
    expect(new Set([...ids(pageOne), ...ids(pageTwo)]).size).toBe(4);
    expect(all.items.map((item) => item.id).slice(0, 4)).toEqual(
      [...pageOne.items, ...pageTwo.items].map((item) => item.id),
    );
  });

  it('lists each customer with its Owners, members, plan, status and quota', async () => {
    const { items } = await search({ q: 'Keyed Org' });
    expect(items[0]).toMatchObject({
      id: keyed.organizationId,
      name: 'Keyed Org',
      plan: 'free',
      status: 'active',
      suspendedAt: null,
      owners: [{ userId: keyed.userId, email: keyed.email, name: 'Gi Lima' }],
      memberCount: 1,
      quota: { planQuota: 100, granted: 0, limit: 100, used: 85, remaining: 15, usedRatio: 0.85 },
    });
  });
});

describe('a customer’s page', () => {
  it('shows members, plan and subscription, keys with their restrictions, invoices, sessions and quota', async () => {
    const member = await createAccount(test.app, test.database.db);
    await test.database.db
      .insert(organizationMembers)
      .values({ organizationId: paying.organizationId, userId: member.userId, role: 'billing' });
    const response = await get(`/api/admin/customers/${paying.organizationId}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.organization).toMatchObject({
      id: paying.organizationId,
      name: 'Paying Corp',
      plan: 'pro',
      status: 'active',
    });
    expect(page.members).toEqual([
      expect.objectContaining({
        userId: paying.userId,
        role: 'owner',
        emailConfirmed: true,
        strongFactor: false,
      }),
      expect.objectContaining({ userId: member.userId, role: 'billing', email: member.email }),
    ]);
    // Each member's other organizations, with their role there: the member's own first one.
    expect(page.members[0].otherOrganizations).toEqual([]);
    expect(page.members[1].otherOrganizations).toEqual([
      { id: member.organizationId, name: expect.any(String), role: 'owner' },
    ]);
    expect(page.subscription).toMatchObject({
      plan: 'pro',
      cycle: 'yearly',
      currency: 'BRL',
      status: 'active',
    });
    expect(page.invoices).toEqual([
      expect.objectContaining({ status: 'paid', amount: getPlanPrice('pro', 'yearly', 'BRL'), plan: 'pro' }),
    ]);
    // Both members signed in through the real route: their sessions are listed.
    expect(page.sessions.map((session: { userId: string }) => session.userId).sort()).toEqual(
      [paying.userId, member.userId].sort(),
    );
    expect(page.quota).toMatchObject({ planQuota: getPlan('pro').monthlyQuota, granted: 0 });

    const keyedPage = (await get(`/api/admin/customers/${keyed.organizationId}`)).json();
    expect(keyedPage.keys).toEqual([
      expect.objectContaining({
        prefix: keyedPrefix,
        kind: 'private',
        enabled: true,
        allowedOrigins: ['203.0.113.7', '10.0.0.0/8'],
      }),
    ]);
    expect(keyedPage.keys[0]).toHaveProperty('lastUsedAt');
    expect(JSON.stringify(keyedPage)).not.toContain(keyedSecret);
  });

  it('records that staff looked, in the customer’s own trail, once per look and not per reload', async () => {
    await get(`/api/admin/customers/${percent.organizationId}`);
    await get(`/api/admin/customers/${percent.organizationId}`);
    await get(`/api/admin/customers/${percent.organizationId}`);
    const trail = (
      await get(`/api/admin/customers/${percent.organizationId}/activity?event=staff.customer_viewed`)
    ).json();
    expect(trail.entries).toHaveLength(1);
    expect(trail.entries[0]).toMatchObject({
      event: 'staff.customer_viewed',
      actor: { type: 'staff', id: support.userId },
    });
  });

  it('answers the usage exactly as the customer’s own dashboard does', async () => {
    const theirs = await test.app.inject({ method: 'GET', url: '/api/usage', headers: keyed.headers });
    const ours = await get(`/api/admin/customers/${keyed.organizationId}/usage`);
    expect(ours.statusCode).toBe(200);
    expect(ours.json()).toEqual(theirs.json());
    expect(ours.json()).toMatchObject({ used: 85, plan: { monthlyQuota: 100 }, extraQuota: 0 });
  });
});

describe('overview', () => {
  it('shows the last hour’s traffic and error rate, sign-ups per day, paying organizations and revenue, sources', async () => {
    const response = await get('/api/admin/overview');
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json();
    expect(overview.traffic.hours).toHaveLength(24);
    expect(overview.traffic.hours).toContainEqual({
      hour: new Date(hourStart(Date.now())).toISOString(),
      total: 90,
      serverErrors: 5,
      clientErrors: 0,
    });
    expect(overview.traffic.requests).toBe(90);
    expect(overview.traffic.requestsPerMinute).toBe(1.5);
    expect(overview.traffic.errorRate).toBeCloseTo(5 / 90, 4);
    expect(overview.signups).toHaveLength(30);
    const today = utcDay(Date.now());
    const signedUpToday = (await test.database.db.select({ createdAt: users.createdAt }).from(users)).filter(
      (row) => utcDay(row.createdAt.getTime()) === today,
    ).length;
    expect(signedUpToday).toBeGreaterThanOrEqual(7);
    expect(overview.signups.at(-1)).toEqual({ date: today, count: signedUpToday });
    expect(overview.revenue.payingOrganizations).toBe(1);
    const pro = overview.revenue.byPlan.find((line: { plan: string }) => line.plan === 'pro');
    expect(pro).toEqual({
      plan: 'pro',
      organizations: 1,
      mrr: { BRL: Math.round(getPlanPrice('pro', 'yearly', 'BRL') / 12), USD: 0 },
    });
    expect(overview.revenue.mrr.BRL).toBe(pro.mrr.BRL);
    for (const source of overview.sources) {
      expect(['closed', 'open', 'half-open']).toContain(source.circuit);
      expect(['operational', 'stale', 'outage']).toContain(source.state);
    }
  });
});

describe('pending closures', () => {
  it('lists pending closures with the person, when asked and when they are anonymised, soonest first', async () => {
    const now = Date.now();
    await test.database.db.insert(accountClosures).values([
      {
        userId: plain.userId,
        anonymiseAfter: new Date(now + 20 * 86_400_000),
        stoppedOrganizationIds: [plain.organizationId],
      },
      { userId: percent.userId, anonymiseAfter: new Date(now + 5 * 86_400_000), stoppedOrganizationIds: [] },
      {
        userId: underscore.userId,
        anonymiseAfter: new Date(now),
        cancelledAt: new Date(),
        stoppedOrganizationIds: [],
      },
    ]);
    const response = await get('/api/admin/closures');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(total).toBe(2);
    expect(items.map((item: { user: { userId: string } }) => item.user.userId)).toEqual([
      percent.userId,
      plain.userId,
    ]);
    expect(items[1]).toMatchObject({
      user: { email: plain.email, name: 'Beatriz Quintana' },
      stoppedOrganizationIds: [plain.organizationId],
      requestedAt: expect.any(String),
      anonymiseAfter: new Date(now + 20 * 86_400_000).toISOString(),
    });
  });
});
