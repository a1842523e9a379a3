import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { ApiKey, KeyList } from '@cotacep/shared/key-schemas';
import type { OrganizationList } from '@cotacep/shared/organization-schemas';
import { PLANS } from '@cotacep/shared/plans';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { storedCounts } from '#server/test/usage.ts';
import type { Database, Db } from './client.ts';
import { fillAsRelease0012, type Release0012, type ReleaseKey } from './test-support/release-0012-data.ts';
import { openReleaseDatabase } from './test-support/release-database.ts';

/**
 * Issue 24: migration 0013 on a database the release before it made and filled (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), not on an empty one. Every account becomes the only Owner of an organization with its
 * own id, and every row it owned keeps its values under `organization_id`: key secrets still work, usage
 * goes on from where it was, the subscription and the invoices stay.
 */

/** The tables whose `user_id` 0013 renames to `organization_id`. */
const OWNED_TABLES = [
  'projects',
  'api_keys',
  'usage_daily',
  'usage_hourly',
  'usage_monthly',
  'quota_notices',
  'account_limits',
  'billing_accounts',
  'billing_test_clocks',
  'checkout_sessions',
  'subscriptions',
  'invoices',
] as const;

type Row = Record<string, unknown>;

/** Columns a later migration moved elsewhere: 0016 took the billing details to `billing_details` (issue 27). */
const MOVED_BY_0016: Partial<Record<(typeof OWNED_TABLES)[number], string[]>> = {
  billing_accounts: ['name', 'tax_id', 'address_line', 'city', 'state', 'postal_code', 'country'],
};

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Every row of a table with its owner column under one name, in a stable order. */
async function ownedRows(db: Db, table: string, ownerColumn: string): Promise<Row[]> {
  const rows = await rowsOf(db, sql`select * from ${sql.identifier(table)}`);
  return rows
    .map(({ [ownerColumn]: owner, created_by: _createdBy, ...rest }) => ({ owner, ...rest }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

let database: Database;
let release: Release0012;
const before: Record<string, Row[]> = {};
let usersBefore: Row[];
/** The storefront key's stored requests by status, all days together. */
let storefrontBefore: Record<number, number>;
let test: TestApp;

beforeAll(async () => {
  database = await openReleaseDatabase('0012_customer-currency');
  release = await fillAsRelease0012(database.db);
  for (const table of OWNED_TABLES) before[table] = await ownedRows(database.db, table, 'user_id');
  usersBefore = await rowsOf(database.db, sql`select id, email, plan, currency, created_at from users`);
  storefrontBefore = await storedCounts(database.db, (release.customer.keys[0] as ReleaseKey).id);
  await database.migrate();
  test = await createTestApp({ database, env: GATEWAY_TEST_ENV });
}, 120_000);
afterAll(async () => {
  if (test) await test.close();
  else await database?.close();
});

const db = () => database.db;

async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${(response.json() as TokenSet).accessToken}` };
}

/** A call of the public quotes API with a key's secret, from where the key allows. */
function callWith(app: FastifyInstance, key: ReleaseKey) {
  return app.inject({
    method: 'GET',
    url: '/quotes/json/last/USD-BRL',
    headers: { 'x-api-key': key.secret, ...(key.origin ? { origin: key.origin } : {}) },
    remoteAddress: '127.0.0.1',
  });
}

describe('migration 0013 on a database of the release before it', () => {
  it('gives every account an organization with its id, named as the migration says, with it as the only Owner', async () => {
    const organizations = await rowsOf(db(), sql`select id, name, plan, currency from organizations`);
    expect(organizations).toHaveLength(usersBefore.length);
    const named = Object.fromEntries(organizations.map((row) => [row.id, row.name]));
    expect(named).toEqual({
      [release.demo.id]: 'Demo Cotacep',
      // The billing details' name first…
      [release.customer.id]: 'Acme Ltd',
      // …else the person's, else (a blank billing name and no name) the e-mail address.
      [release.nameless.id]: release.nameless.email,
      [release.unconfirmed.id]: 'Léa Lima',
    });
    const members = await rowsOf(db(), sql`select organization_id, user_id, role from organization_members`);
    expect(members).toHaveLength(usersBefore.length);
    for (const member of members) {
      expect(member).toEqual({ organization_id: member.user_id, user_id: member.user_id, role: 'owner' });
    }
  });

  it('moves the plan and the currency from the account to its organization', async () => {
    const organizations = await rowsOf(db(), sql`select id, plan, currency from organizations`);
    expect(
      organizations.map((row) => ({ ...row })).sort((a, b) => String(a.id).localeCompare(String(b.id))),
    ).toEqual(
      usersBefore
        .map(({ id, plan, currency }) => ({ id, plan, currency }))
        .sort((a, b) => String(a.id).localeCompare(String(b.id))),
    );
    expect(organizations.find((row) => row.id === release.customer.id)).toMatchObject({
      plan: 'basic',
      currency: 'USD',
    });
    const userColumns = await rowsOf(
      db(),
      sql`select column_name from information_schema.columns where table_name = 'users' and column_name in ('plan', 'currency')`,
    );
    expect(userColumns).toEqual([]);
  });

  it.each(OWNED_TABLES)('keeps every row of %s, its owner now under organization_id', async (table) => {
    expect(before[table]?.length, table).toBeGreaterThan(0);
    const moved = MOVED_BY_0016[table] ?? [];
    const expected = (before[table] ?? [])
      .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !moved.includes(column))))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(await ownedRows(db(), table, 'organization_id')).toEqual(expected);
  });

  it('names the account as the creator of every key it had', async () => {
    const keys = await rowsOf(db(), sql`select organization_id, created_by from api_keys`);
    expect(keys.length).toBe(before.api_keys?.length);
    for (const key of keys) expect(key.created_by).toBe(key.organization_id);
  });

  it('answers the public API with every secret the release handed out, the rotated one within its grace period', async () => {
    const { demo, customer } = release;
    const [web, server, disabled] = customer.keys as [ReleaseKey, ReleaseKey, ReleaseKey];
    for (const key of [demo.siteKey, demo.backendKey, web, server, customer.previousSecret]) {
      const response = await callWith(test.app, key);
      expect(response.statusCode, `${key.secret.slice(0, 12)}: ${response.body}`).toBe(200);
    }
    expect((await callWith(test.app, disabled)).statusCode).toBe(403);
  });

  it("keeps counting the organization's month where the account's left off, with the plan's quota", async () => {
    const { customer } = release;
    const response = await callWith(test.app, customer.keys[0] as ReleaseKey);
    expect(response.statusCode).toBe(200);
    const quota = PLANS.basic.monthlyQuota;
    expect(response.headers['x-quota-limit']).toBe(String(quota));
    // The month's stored use, the three calls the previous test admitted with the customer's keys, this one.
    expect(Number(response.headers['x-quota-remaining'])).toBe(quota - customer.monthQuotaUse - 4);
  });

  it('shows the customer their organization, keys, plan, invoices and usage in the portal', async () => {
    const { customer } = release;
    const headers = await signIn(test.app, customer.email, customer.password);
    const organizations = (
      await test.app.inject({ url: '/api/organizations', headers })
    ).json() as OrganizationList;
    expect(organizations.items).toEqual([
      expect.objectContaining({
        id: customer.id,
        name: 'Acme Ltd',
        role: 'owner',
        plan: 'basic',
        isDefault: true,
      }),
    ]);
    const keys = (await test.app.inject({ url: '/api/keys', headers })).json() as KeyList;
    expect(keys.maxKeys).toBe(50);
    expect(keys.items.map((key: ApiKey) => key.id).sort()).toEqual(customer.keys.map((key) => key.id).sort());
    for (const key of keys.items) expect(key.createdBy).toBe('Ana Souza');
    const billing = (await test.app.inject({ url: '/api/billing', headers })).json() as {
      planId: string;
      currency: string;
      subscription: { planId: string; status: string } | null;
    };
    expect(billing).toMatchObject({ planId: 'basic', currency: 'USD' });
    expect(billing.subscription).toMatchObject({ planId: 'basic', status: 'active' });
    const invoices = (await test.app.inject({ url: '/api/billing/invoices', headers })).json() as {
      items: { number: string; amount: number; currency: string }[];
    };
    expect(invoices.items).toEqual([
      expect.objectContaining({ number: customer.invoiceNumber, amount: 1900, currency: 'USD' }),
    ]);
    // The usage report flushes this instance's meter first: today's row grew by the calls above.
    const usage = await test.app.inject({ url: '/api/usage', headers });
    expect(usage.statusCode, usage.body).toBe(200);
    const [storefront] = customer.keys as [ReleaseKey];
    const after = await storedCounts(db(), storefront.id);
    expect(after).toEqual({ ...storefrontBefore, 200: (storefrontBefore[200] ?? 0) + 2 });
  });

  it('lets the demo customer sign in to the demo organization', async () => {
    const headers = await signIn(test.app, release.demo.email, release.demo.password);
    const organizations = (
      await test.app.inject({ url: '/api/organizations', headers })
    ).json() as OrganizationList;
    expect(organizations.items.map((item) => [item.name, item.role])).toEqual([['Demo Cotacep', 'owner']]);
  });
});
