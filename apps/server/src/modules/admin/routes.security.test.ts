import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { REASON, type SignedInStaff, signInStaff } from './test-support/staff.ts';

/**
 * Issue 26 items 3 and 9: `/api/admin` answers 401 to anonymous callers and 403 to customers on every path,
 * existing or not; support may look but not act; staff need an authenticator or passkey.
 */
let test: TestApp;
let customer: TestAccount;
let staff: SignedInStaff;
let support: SignedInStaff;
let keyId: string;

type Call = { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: object };
let reads: Call[];
let actions: Call[];

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  const { db } = test.database;
  customer = await createAccount(test.app, db);
  keyId = (await createKey(test.app, customer)).key.id;
  staff = await signInStaff(test.app, db, 'staff');
  support = await signInStaff(test.app, db, 'support');
  const org = customer.organizationId;
  reads = [
    { method: 'GET', path: '/api/admin/overview' },
    { method: 'GET', path: '/api/admin/customers' },
    { method: 'GET', path: `/api/admin/customers/${org}` },
    { method: 'GET', path: `/api/admin/customers/${org}/usage` },
    { method: 'GET', path: `/api/admin/customers/${org}/activity` },
    { method: 'GET', path: '/api/admin/staff-activity' },
    { method: 'GET', path: '/api/admin/staff' },
    { method: 'GET', path: '/api/admin/closures' },
    { method: 'GET', path: `/api/admin/customers/${org}/nfse` },
    { method: 'GET', path: '/api/admin/nfse' },
  ];
  actions = [
    { method: 'POST', path: `/api/admin/customers/${org}/plan`, body: { plan: 'pro', reason: REASON } },
    {
      method: 'POST',
      path: `/api/admin/customers/${org}/quota-grants`,
      body: { extraRequests: 5, reason: REASON },
    },
    { method: 'POST', path: `/api/admin/customers/${org}/suspend`, body: { reason: REASON } },
    { method: 'POST', path: `/api/admin/customers/${org}/reactivate`, body: { reason: REASON } },
    { method: 'POST', path: `/api/admin/customers/${org}/keys/${keyId}/disable`, body: { reason: REASON } },
    {
      method: 'POST',
      path: `/api/admin/users/${customer.userId}/resend-confirmation`,
      body: { reason: REASON },
    },
    { method: 'POST', path: `/api/admin/users/${customer.userId}/end-sessions`, body: { reason: REASON } },
    { method: 'POST', path: `/api/admin/customers/${org}/view-as`, body: { reason: REASON } },
    { method: 'POST', path: `/api/admin/customers/${org}/nfse/in_test_none/retry`, body: { reason: REASON } },
    { method: 'DELETE', path: `/api/admin/view-as/${randomUUID()}` },
  ];
}, 60_000);
afterAll(() => test.close());

const call = ({ method, path, body }: Call, headers: Record<string, string> = {}) =>
  test.app.inject({
    method,
    url: path,
    headers: { 'accept-language': 'en', ...headers },
    ...(body ? { payload: body } : {}),
  });

/** Paths no route has: only staff may learn that. */
const MADE_UP: Call[] = [
  { method: 'GET', path: '/api/admin/nope' },
  { method: 'GET', path: '/api/admin' },
  { method: 'GET', path: '/api/admin/customers/x/y/z' },
  { method: 'POST', path: '/api/admin/nope', body: { reason: REASON } },
  { method: 'DELETE', path: '/api/admin/customers' },
];

describe('the staff console API refuses everyone but staff', () => {
  it('lists exactly the routes this file checks in the OpenAPI document, each needing the token', async () => {
    const document = (await test.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    };
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const checked = [...reads, ...actions]
      .map(
        ({ method, path }) =>
          `${method} ${path
            .replace(`/users/${customer.userId}`, '/users/{userId}')
            .replace(customer.organizationId, '{organizationId}')
            .replace(keyId, '{keyId}')
            .replace('in_test_none', '{invoiceId}')
            .replace(/view-as\/[0-9a-f-]{36}$/, 'view-as/{impersonationId}')}`,
      )
      .sort();
    expect(documented).toEqual(checked);
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/admin')) continue;
      for (const operation of Object.values(operations)) {
        expect(operation.tags).toEqual(['Admin']);
        expect(operation.security).toEqual([{ bearerAuth: [] }]);
      }
    }
  });

  it('answers 401 to an anonymous caller on every path, existing or made up', async () => {
    for (const route of [...reads, ...actions, ...MADE_UP]) {
      const response = await call(route);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
      expect(response.json().code).toBe('Unauthorized');
    }
  });

  it('answers 401 to a token that is not one of ours', async () => {
    const response = await call(reads[0]!, { authorization: 'Bearer not.a.token' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 StaffOnly to a signed-in customer on every path, existing or made up, and changes nothing', async () => {
    for (const route of [...reads, ...actions, ...MADE_UP]) {
      const response = await call(route, customer.headers);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'StaffOnly',
        message: 'This area is for Cotacep staff only.',
      });
    }
    const [organization] = await test.database.db.select().from(users).where(eq(users.id, customer.userId));
    expect(organization?.staffRole).toBeNull();
    const keys = await test.app.inject({ method: 'GET', url: '/api/keys', headers: customer.headers });
    expect(keys.json().items[0]).toMatchObject({ id: keyId, enabled: true });
  });

  it('says StaffOnly in Portuguese by default', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: customer.headers,
    });
    expect(response.json().message).toBe('Esta área é restrita à equipe da Cotacep.');
  });

  it('lets support read every page, 200', async () => {
    for (const route of reads) {
      const response = await call(route, support.headers);
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses every action to support with 403 StaffActionDenied, before reading the body, and changes nothing', async () => {
    for (const route of actions) {
      const response = await call(route, support.headers);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(response.json().code).toBe('StaffActionDenied');
      // Even with a body that would not validate, the refusal comes first.
      if (route.body)
        expect((await call({ ...route, body: {} }, support.headers)).json().code).toBe('StaffActionDenied');
    }
    const customerPage = (await call(reads[2]!, support.headers)).json();
    expect(customerPage.organization).toMatchObject({ plan: 'free', status: 'active', suspendedAt: null });
    expect(customerPage.keys[0]).toMatchObject({ id: keyId, enabled: true });
    expect(customerPage.quota.granted).toBe(0);
  });

  it('answers 404 to staff for a made-up path, as the only ones who may learn it', async () => {
    for (const route of MADE_UP) {
      const response = await call(route, staff.headers);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(404);
      expect(response.json().code).toBe('NotFound');
    }
  });

  it('refuses a staff account without an authenticator app or passkey: 403 StaffFactorRequired', async () => {
    const weak = await createAccount(test.app, test.database.db);
    await test.database.db.update(users).set({ staffRole: 'staff' }).where(eq(users.id, weak.userId));
    for (const route of [reads[0]!, actions[0]!, MADE_UP[0]!]) {
      const response = await call(route, weak.headers);
      expect(response.statusCode, route.path).toBe(403);
      expect(response.json().code).toBe('StaffFactorRequired');
    }
  });

  it('refuses a staff member demoted meanwhile, at once', async () => {
    const demoted = await signInStaff(test.app, test.database.db, 'staff');
    expect((await call(reads[0]!, demoted.headers)).statusCode).toBe(200);
    await test.database.db.update(users).set({ staffRole: null }).where(eq(users.id, demoted.userId));
    expect((await call(reads[0]!, demoted.headers)).json().code).toBe('StaffOnly');
  });

  it('asks every action for a reason of at least 10 characters (400, in the caller’s language), changing nothing', async () => {
    for (const route of actions.filter((action) => action.body)) {
      for (const body of [
        { ...route.body, reason: undefined },
        { ...route.body, reason: '   short  ' },
      ]) {
        const response = await call({ ...route, body }, staff.headers);
        expect(response.statusCode, route.path).toBe(400);
        expect(response.body).toContain('Please give the reason for this action (at least 10 characters)');
      }
    }
    const pt = await test.app.inject({
      method: 'POST',
      url: actions[2]!.path,
      headers: staff.headers,
      payload: { reason: 'curto' },
    });
    expect(pt.body).toContain('Informe o motivo desta ação (pelo menos 10 caracteres)');
    const page = (await call(reads[2]!, staff.headers)).json();
    expect(page.organization).toMatchObject({ plan: 'free', status: 'active' });
    expect(page.quota.granted).toBe(0);
  });

  it('bounds every list’s page size: 1 to 100', async () => {
    for (const path of [
      '/api/admin/customers',
      `/api/admin/customers/${customer.organizationId}/activity`,
      '/api/admin/staff-activity',
      '/api/admin/closures',
      '/api/admin/nfse',
    ]) {
      for (const limit of ['0', '101', '-1', 'abc']) {
        const response = await call({ method: 'GET', path: `${path}?limit=${limit}` }, support.headers);
        expect(response.statusCode, `${path} limit=${limit}`).toBe(400);
      }
      expect((await call({ method: 'GET', path: `${path}?limit=100` }, support.headers)).statusCode).toBe(
        200,
      );
    }
    const tooLong = await call(
      { method: 'GET', path: `/api/admin/customers?q=${'a'.repeat(201)}` },
      support.headers,
    );
    expect(tooLong.statusCode).toBe(400);
  });
});
