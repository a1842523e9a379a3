import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { staffImpersonations } from '../../db/schema/staff.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditEntriesOf } from '../../test/audit-entries.ts';
import { REASON, type SignedInStaff, signInStaff } from './test-support/staff.ts';

/**
 * Issue 26 item 5, "view as customer": a read-only look at a member's screens for at most 30 minutes, recorded
 * in the organization's trail and in the person's own activity; the token works only while the look lasts.
 */
let test: TestApp;
let staff: SignedInStaff;
let owner: TestAccount;
let developer: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  staff = await signInStaff(test.app, test.database.db, 'staff');
  owner = await createAccount(test.app, test.database.db);
  developer = await createAccount(test.app, test.database.db);
  await test.database.db
    .insert(organizationMembers)
    .values({ organizationId: owner.organizationId, userId: developer.userId, role: 'developer' });
  await createKey(test.app, owner, { description: 'Production' });
}, 60_000);
afterAll(() => test.close());
afterEach(() => {
  vi.useRealTimers();
});

const startViewAs = (body: object = { reason: REASON }) =>
  test.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${owner.organizationId}/view-as`,
    headers: staff.headers,
    payload: body,
  });
const as = (
  token: string,
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  test.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

describe('view as customer', () => {
  it('gives a token for an Owner, good for 30 minutes, no refresh token, and records it in both trails', async () => {
    const before = Date.now();
    const response = await startViewAs();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      expiresAt: expect.any(String),
      impersonationId: expect.any(String),
      user: { userId: owner.userId, name: 'Gi Lima', email: owner.email },
      organizationId: owner.organizationId,
    });
    const lasts = Date.parse(body.expiresAt) - before;
    expect(lasts).toBeGreaterThan(29 * 60_000);
    expect(lasts).toBeLessThanOrEqual(30 * 60_000 + 1_000);
    const claims = JSON.parse(Buffer.from(body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: owner.userId, imp: body.impersonationId, sid: body.impersonationId });
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.parse(body.expiresAt));

    const [row] = await test.database.db
      .select()
      .from(staffImpersonations)
      .where(eq(staffImpersonations.id, body.impersonationId));
    expect(row).toMatchObject({
      staffUserId: staff.userId,
      userId: owner.userId,
      reason: REASON,
      endedAt: null,
    });

    const [entry] = await auditEntriesOf(test.database.db, {
      organizationId: owner.organizationId,
      events: ['staff.view_as_started'],
    });
    expect(entry).toMatchObject({
      actorType: 'staff',
      actorId: staff.userId,
      userId: owner.userId,
      reason: REASON,
    });

    // The person sees it in their own activity, Cotacep unnamed, with the reason.
    const own = await as(owner.headers.authorization!.slice(7), 'GET', '/api/account/activity');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().entries).toContainEqual(
      expect.objectContaining({
        event: 'staff.view_as_started',
        reason: REASON,
        actor: { type: 'staff', id: null, label: 'Cotacep' },
      }),
    );
  });

  it('lets the token read the customer’s screens and refuses every change with 403 ViewAsReadOnly', async () => {
    const { accessToken } = (await startViewAs()).json();
    const account = await as(accessToken, 'GET', '/api/account');
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ id: owner.userId, email: owner.email, staffRole: null });
    const keys = await as(accessToken, 'GET', '/api/keys');
    expect(keys.statusCode).toBe(200);
    expect(keys.json().items[0].description).toBe('Production');
    expect((await as(accessToken, 'HEAD', '/api/keys')).statusCode).toBe(200);
    expect((await as(accessToken, 'GET', '/api/usage')).statusCode).toBe(200);

    const changes: ['POST' | 'PATCH' | 'DELETE', string, object | undefined][] = [
      ['POST', '/api/keys', { description: 'Sneaky', kind: 'public', allowedOrigins: '*' }],
      ['PATCH', '/api/account', { firstName: 'Changed' }],
      ['DELETE', `/api/keys/${keys.json().items[0].id}`, undefined],
      ['DELETE', '/api/account/sessions/00000000-0000-4000-8000-000000000000', undefined],
      ['POST', '/api/organizations', { name: 'Sneaky Org' }],
    ];
    for (const [method, url, payload] of changes) {
      const response = await as(accessToken, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'ViewAsReadOnly',
        message: 'You are viewing as the customer: this view is read-only, nothing can be changed.',
      });
    }
    const after = await as(accessToken, 'GET', '/api/keys');
    expect(after.json().items).toHaveLength(1);
    expect((await as(accessToken, 'GET', '/api/account')).json().firstName).toBe('Gi');
  });

  it('never opens the console: a view-as token on /api/admin is 403 StaffOnly', async () => {
    const { accessToken } = (await startViewAs()).json();
    expect((await as(accessToken, 'GET', '/api/admin/overview')).json().code).toBe('StaffOnly');
  });

  it('views as the member asked for', async () => {
    const response = await startViewAs({ userId: developer.userId, reason: REASON });
    expect(response.statusCode).toBe(200);
    const account = await as(response.json().accessToken, 'GET', '/api/account');
    expect(account.json().id).toBe(developer.userId);
  });

  it('stops the token at once when staff end it (401), and ending it again is fine', async () => {
    const { accessToken, impersonationId } = (await startViewAs()).json();
    expect((await as(accessToken, 'GET', '/api/account')).statusCode).toBe(200);
    const end = () =>
      test.app.inject({
        method: 'DELETE',
        url: `/api/admin/view-as/${impersonationId}`,
        headers: staff.headers,
      });
    expect((await end()).statusCode).toBe(204);
    expect((await as(accessToken, 'GET', '/api/account')).statusCode).toBe(401);
    expect((await end()).statusCode).toBe(204);
    // The early end is on the record once, where its start is, with the same reason.
    const ended = (await auditEntriesOf(test.database.db, { userId: owner.userId })).filter(
      (entry) => entry.event === 'staff.view_as_ended' && entry.details.impersonationId === impersonationId,
    );
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({
      organizationId: owner.organizationId,
      actorType: 'staff',
      actorId: staff.userId,
      reason: REASON,
    });
  });

  it('never downloads the customer’s own data export (their LGPD file is theirs alone)', async () => {
    const requested = await test.app.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: owner.headers,
    });
    expect(requested.statusCode, requested.body).toBe(202);
    const { id } = requested.json();
    await test.app.privacy.sweeper.sweep();
    const { accessToken } = (await startViewAs()).json();
    const status = await as(accessToken, 'GET', '/api/account/export');
    expect(status.json().export).toMatchObject({ id, status: 'ready' });
    const download = await as(accessToken, 'GET', `/api/account/export/${id}/download`);
    expect(download.statusCode).toBe(404);
    expect(download.body).not.toContain(owner.email);
  });

  it('stops the token after 30 minutes', async () => {
    const { accessToken } = (await startViewAs()).json();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 29 * 60_000 });
    expect((await as(accessToken, 'GET', '/api/account')).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const expired = await as(accessToken, 'GET', '/api/account');
    expect(expired.statusCode).toBe(401);
  });

  it('refuses a view-as token whose impersonation row says it is over, even while the token is unexpired', async () => {
    const { accessToken, impersonationId } = (await startViewAs()).json();
    await test.database.db
      .update(staffImpersonations)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(staffImpersonations.id, impersonationId));
    expect((await as(accessToken, 'GET', '/api/account')).statusCode).toBe(401);
  });
});

describe('a shorter configured look', () => {
  it('lasts VIEW_AS_TTL_MINUTES', async () => {
    const short = await createTestApp({ env: { ...GATEWAY_TEST_ENV, VIEW_AS_TTL_MINUTES: '5' } });
    try {
      const member = await signInStaff(short.app, short.database.db, 'staff');
      const customer = await createAccount(short.app, short.database.db);
      const before = Date.now();
      const response = await short.app.inject({
        method: 'POST',
        url: `/api/admin/customers/${customer.organizationId}/view-as`,
        headers: member.headers,
        payload: { reason: REASON },
      });
      const lasts = Date.parse(response.json().expiresAt) - before;
      expect(lasts).toBeGreaterThan(4 * 60_000);
      expect(lasts).toBeLessThanOrEqual(5 * 60_000 + 1_000);
    } finally {
      await short.close();
    }
  });
});
