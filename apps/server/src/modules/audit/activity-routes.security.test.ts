import { randomUUID } from 'node:crypto';
import { activityPageSchema } from '@cotacep/shared/audit-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.ts';
import { createAccount, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { listActivity } from './activity-query.ts';
import { SYSTEM_CONTEXT } from './record.ts';
import { organizationWithRoles, staffMember, writeEntries } from './test-support/activity-fixture.ts';

let test: TestApp;
let team: Awaited<ReturnType<typeof organizationWithRoles>>;
let organizationId: string;
let staff: Awaited<ReturnType<typeof staffMember>>;
let outsider: TestAccount;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  team = await organizationWithRoles(test.app, test.database.db);
  organizationId = team.owner.organizationId;
  staff = await staffMember(test.app, test.database.db);
  outsider = await createAccount(test.app, test.database.db, { plan: 'pro' });
  await writeEntries(
    test.database.db,
    { ...SYSTEM_CONTEXT, actorType: 'user', actorId: team.owner.userId },
    {
      event: 'project.created',
      organizationId,
      details: { name: 'Segredo da organização' },
    },
  );
  await writeEntries(test.database.db, staff.context, {
    event: 'staff.organization_suspended',
    organizationId,
    reason: 'Pagamento contestado no cartão',
  });
});
afterAll(() => test.close());

const get = (who: Pick<TestAccount, 'headers'>, url: string) =>
  test.app.inject({ method: 'GET', url, headers: { ...who.headers, 'accept-language': 'en' } });
const activityUrl = (query = '') => `/api/organizations/${organizationId}/activity${query}`;

describe('who may read an organization’s activity', () => {
  it('lets Owners and Admins in, and refuses Developers, Billing and Viewers with 403 (exports too)', async () => {
    for (const who of [team.owner, team.admin]) {
      const response = await get(who, activityUrl());
      expect(response.statusCode).toBe(200);
      expect(activityPageSchema.parse(response.json()).entries.length).toBeGreaterThan(0);
    }
    for (const who of [team.developer, team.billing, team.viewer]) {
      for (const url of [activityUrl(), activityUrl('?format=csv'), activityUrl('?format=json')]) {
        const response = await get(who, url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toMatchObject({ code: 'PermissionDenied' });
        expect(response.body).not.toContain('Segredo da organização');
      }
    }
  });

  it('answers 404 to the customer of another organization, as for one that does not exist', async () => {
    for (const url of [
      activityUrl(),
      activityUrl('?format=csv'),
      `/api/organizations/${randomUUID()}/activity`,
      '/api/organizations/not-an-id/activity',
    ]) {
      const response = await get(outsider, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'OrganizationNotFound' });
      expect(response.body).not.toContain('Segredo da organização');
    }
    // X-Organization plays no part: the organization is the path's.
    const viaHeader = await get(
      { headers: { ...outsider.headers, 'x-organization': organizationId } },
      `/api/organizations/${outsider.organizationId}/activity`,
    );
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.body).not.toContain('Segredo da organização');
  });
});

describe('staff seen by customers', () => {
  it('shows a staff action as Cotacep, with its reason but no staff id, IP or browser', async () => {
    const response = await get(team.owner, activityUrl('?actor=staff'));
    const [entry] = activityPageSchema.parse(response.json()).entries;
    expect(entry).toMatchObject({
      event: 'staff.organization_suspended',
      actor: { type: 'staff', id: null, label: 'Cotacep' },
      ip: null,
      userAgent: null,
      reason: 'Pagamento contestado no cartão',
    });
    for (const format of ['csv', 'json']) {
      const file = await get(team.owner, activityUrl(`?format=${format}`));
      expect(file.body).not.toContain(staff.userId);
      expect(file.body).not.toContain(staff.email);
      expect(file.body).not.toContain('198.51.100.7');
    }
    expect(response.body).not.toContain(staff.userId);
  });

  it('cannot be probed by a staff member’s id', async () => {
    const response = await get(team.owner, activityUrl(`?actor=${staff.userId}`));
    expect(activityPageSchema.parse(response.json()).entries).toEqual([]);
  });

  it('names the staff member only where the console asks for it (revealStaff)', async () => {
    const named = await listActivity(test.database.db, {
      organizationId,
      actorType: 'staff',
      actorId: staff.userId,
      limit: 10,
      revealStaff: true,
    });
    expect(named.entries[0]).toMatchObject({
      actor: { type: 'staff', id: staff.userId, label: `Sara Staff <${staff.email}>` },
      ip: '198.51.100.7',
      userAgent: 'staff-console',
    });
  });
});

describe('a person’s own activity', () => {
  it('never shows another person’s entries, whatever the filter', async () => {
    await writeEntries(
      test.database.db,
      { ...SYSTEM_CONTEXT, actorType: 'user', actorId: outsider.userId },
      {
        event: 'auth.password_changed',
        userId: outsider.userId,
      },
    );
    for (const query of ['', `?actor=${outsider.userId}`, '?event=auth.password_changed']) {
      const response = await get(team.owner, `/api/account/activity${query}`);
      expect(response.statusCode).toBe(200);
      const { entries } = activityPageSchema.parse(response.json());
      expect(entries.some((entry) => entry.actor.id === outsider.userId)).toBe(false);
    }
  });

  it('shows an anonymised person without a name or address', async () => {
    await test.database.db
      .update(users)
      .set({ anonymisedAt: new Date() })
      .where(eq(users.id, team.owner.userId));
    const response = await get(team.admin, activityUrl('?event=project.created'));
    const [entry] = activityPageSchema.parse(response.json()).entries;
    expect(entry?.actor).toEqual({ type: 'user', id: team.owner.userId, label: null });
    expect(response.body).not.toContain(team.owner.email);
  });
});
