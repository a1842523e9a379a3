import { randomUUID } from 'node:crypto';
import { PERSONAL_AUDIT_EVENTS, STAFF_AUDIT_EVENTS } from '@cotacep/shared/audit-events';
import {
  type ActivityEntry,
  type ActivityPage,
  activityExportSchema,
  activityPageSchema,
} from '@cotacep/shared/audit-schemas';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '#server/lib/time.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { collectActivity } from './activity-query.ts';
import { SYSTEM_CONTEXT } from './record.ts';
import { organizationWithRoles, staffMember, writeEntries } from './test-support/activity-fixture.ts';
import { verifyAuditLog } from './verify.ts';

let test: TestApp;
let team: Awaited<ReturnType<typeof organizationWithRoles>>;
let organizationId: string;
let staff: Awaited<ReturnType<typeof staffMember>>;

beforeAll(async () => {
  test = await createTestApp({ env: GATEWAY_TEST_ENV });
  team = await organizationWithRoles(test.app, test.database.db);
  organizationId = team.owner.organizationId;
  staff = await staffMember(test.app, test.database.db);
});
afterAll(() => test.close());

const get = (who: Pick<TestAccount, 'headers'>, url: string, language = 'pt-BR') =>
  test.app.inject({ method: 'GET', url, headers: { ...who.headers, 'accept-language': language } });
const activityUrl = (query = '') => `/api/organizations/${organizationId}/activity${query}`;
const page = async (who: Pick<TestAccount, 'headers'>, url: string) => {
  const response = await get(who, url);
  expect(response.statusCode, response.body).toBe(200);
  return activityPageSchema.parse(response.json());
};

describe("an organization's activity", () => {
  it('lists what members did, newest first, with who did it and to what', async () => {
    const { key } = await createKey(test.app, team.admin, { description: 'Chave do admin' });
    const renamed = await test.app.inject({
      method: 'PATCH',
      url: `/api/keys/${key.id}`,
      headers: team.owner.headers,
      payload: { enabled: false },
    });
    expect(renamed.statusCode).toBe(200);
    for (const who of [team.owner, team.admin]) {
      const { entries } = await page(who, activityUrl());
      const [disabled, created] = entries;
      expect(disabled).toMatchObject({
        event: 'key.disabled',
        organizationId,
        actor: { type: 'user', id: team.owner.userId, label: `Gi Lima <${team.owner.email}>` },
        target: { type: 'key', id: key.id, label: 'Chave do admin' },
        details: { name: 'Chave do admin', prefix: key.prefix },
        ip: '127.0.0.1',
      });
      expect(created).toMatchObject({
        event: 'key.created',
        actor: { type: 'user', id: team.admin.userId, label: `Gi Lima <${team.admin.email}>` },
      });
      expect(new Date(disabled!.occurredAt).getTime()).toBeGreaterThanOrEqual(
        new Date(created!.occurredAt).getTime(),
      );
    }
  });

  it('filters by event, by actor (a member, staff or the system) and by time', async () => {
    const { key } = await createKey(test.app, team.developer, { description: 'Chave do dev' });
    await writeEntries(test.database.db, SYSTEM_CONTEXT, {
      event: 'billing.payment_succeeded',
      organizationId,
      details: { invoiceId: 'in_test_1', amount: 4900, currency: 'BRL' },
    });
    await writeEntries(test.database.db, staff.context, {
      event: 'staff.quota_granted',
      organizationId,
      reason: 'Cliente pediu mais cota para o lançamento',
      details: { requests: 1000 },
    });

    const created = await page(team.owner, activityUrl('?event=key.created'));
    expect(created.entries.length).toBeGreaterThanOrEqual(2);
    expect(created.entries.every((entry) => entry.event === 'key.created')).toBe(true);

    const byDeveloper = await page(team.owner, activityUrl(`?actor=${team.developer.userId}`));
    expect(byDeveloper.entries.map((entry) => entry.target?.id)).toContain(key.id);
    expect(byDeveloper.entries.every((entry) => entry.actor.id === team.developer.userId)).toBe(true);

    const bySystem = await page(team.owner, activityUrl('?actor=system'));
    expect(bySystem.entries.map((entry) => entry.event)).toEqual(['billing.payment_succeeded']);
    expect(bySystem.entries[0]?.actor).toEqual({ type: 'system', id: null, label: null });

    const byStaff = await page(team.owner, activityUrl('?actor=staff'));
    expect(byStaff.entries).toHaveLength(1);
    expect(byStaff.entries[0]).toMatchObject({
      event: 'staff.quota_granted',
      reason: 'Cliente pediu mais cota para o lançamento',
    });

    const everything = await page(team.owner, activityUrl('?limit=100'));
    const middle = everything.entries[Math.floor(everything.entries.length / 2)]!;
    const since = await page(
      team.owner,
      activityUrl(`?limit=100&from=${encodeURIComponent(middle.occurredAt)}`),
    );
    expect(since.entries.length).toBeGreaterThan(0);
    expect(since.entries.every((entry) => entry.occurredAt >= middle.occurredAt)).toBe(true);
    const before = await page(
      team.owner,
      activityUrl(`?limit=100&to=${encodeURIComponent(middle.occurredAt)}`),
    );
    expect(before.entries.every((entry) => entry.occurredAt < middle.occurredAt)).toBe(true);
    expect(since.entries.length + before.entries.length).toBe(everything.entries.length);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await page(team.owner, activityUrl(`?from=${encodeURIComponent(future)}`))).entries).toEqual([]);
  });

  it('pages through many entries with no entry twice and none left out', async () => {
    const owner = await createAccount(test.app, test.database.db);
    await writeEntries(
      test.database.db,
      SYSTEM_CONTEXT,
      { event: 'project.created', organizationId: owner.organizationId, details: { name: 'P' } },
      57,
    );
    const url = `/api/organizations/${owner.organizationId}/activity`;
    const all = await page(owner, `${url}?limit=100`);
    expect(all.entries).toHaveLength(57);
    expect(all.nextCursor).toBeNull();
    const seen: ActivityEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: ActivityPage = await page(owner, `${url}?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.entries.length).toBe(pages < 5 ? 10 : 7);
      seen.push(...next.entries);
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen.map((entry) => entry.id)).toEqual(all.entries.map((entry) => entry.id));
    expect(new Set(seen.map((entry) => entry.details.index)).size).toBe(57);
    // Entries written after the first page was read do not shift the next pages.
    const first = await page(owner, `${url}?limit=20`);
    await writeEntries(test.database.db, SYSTEM_CONTEXT, {
      event: 'project.deleted',
      organizationId: owner.organizationId,
    });
    const second = await page(owner, `${url}?limit=20&cursor=${first.nextCursor}`);
    expect(second.entries.map((entry) => entry.id)).toEqual(
      all.entries.slice(20, 40).map((entry) => entry.id),
    );
    // A download stops at its bound and says so; the newest entries are the ones kept.
    const filter = {
      organizationId: owner.organizationId,
      events: ['project.created' as const],
      revealStaff: false,
    };
    const bounded = await collectActivity(test.database.db, filter, 50);
    expect(bounded.truncated).toBe(true);
    expect(bounded.entries.map((entry) => entry.id)).toEqual(
      all.entries.slice(0, 50).map((entry) => entry.id),
    );
    const whole = await collectActivity(test.database.db, filter, 57);
    expect(whole).toEqual({ entries: all.entries, truncated: false });
  });

  it('downloads the filtered entries as CSV (pt-BR: semicolons) with formulas neutralised', async () => {
    const { key } = await createKey(test.app, team.owner, {
      description: '=HYPERLINK("http://evil.example","clique")',
    });
    const response = await get(team.owner, activityUrl('?format=csv&event=key.created'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="cotacep-activity-gi-lima-${utcDay(Date.now())}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(response.body, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'id',
      'data e hora (UTC)',
      'evento',
      'tipo de autor',
      'id do autor',
      'autor',
      'IP',
      'navegador',
      'tipo do alvo',
      'id do alvo',
      'alvo',
      'detalhes',
      'motivo',
    ]);
    const row = rows.find((cells) => cells[9] === key.id);
    expect(row?.[2]).toBe('key.created');
    expect(row?.[10]).toBe(`'=HYPERLINK("http://evil.example","clique")`);
    expect(rows.slice(1).every((cells) => cells[2] === 'key.created')).toBe(true);
    // English: commas and English headers.
    const english = await get(team.owner, activityUrl('?format=csv&event=key.created'), 'en');
    const englishRows = parse(english.body, { bom: true }) as string[][];
    expect(englishRows[0]?.slice(0, 3)).toEqual(['id', 'time (UTC)', 'event']);
    expect(englishRows.find((cells) => cells[9] === key.id)?.[10]).toMatch(/^'=HYPERLINK/);
  });

  it('downloads the filtered entries as JSON, the same entries the pages show', async () => {
    const response = await get(team.admin, activityUrl('?format=json&event=key.created'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="cotacep-activity-gi-lima-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = activityExportSchema.parse(response.json());
    expect(body).toMatchObject({ organizationId, truncated: false });
    const listed = await page(team.admin, activityUrl('?event=key.created&limit=100'));
    expect(body.entries).toEqual(listed.entries);
  });
});

describe("a person's own activity", () => {
  it('shows their sign-ins, factors and staff actions about them, not organization events or others’', async () => {
    const me = team.viewer;
    const someone = team.billing;
    const db = test.database.db;
    await writeEntries(
      db,
      { ...SYSTEM_CONTEXT, actorType: 'user', actorId: me.userId },
      {
        event: 'auth.factor_added',
        userId: me.userId,
        details: { method: 'totp' },
      },
    );
    await writeEntries(
      db,
      { ...SYSTEM_CONTEXT, actorType: 'user', actorId: someone.userId },
      {
        event: 'auth.factor_added',
        userId: someone.userId,
        details: { method: 'totp' },
      },
    );
    await writeEntries(db, staff.context, {
      event: 'staff.sessions_ended',
      organizationId,
      userId: me.userId,
      reason: 'Pedido do cliente por telefone',
    });
    // An organization event about me (my role changed) belongs to the organization's view.
    await writeEntries(
      db,
      { ...SYSTEM_CONTEXT, actorType: 'user', actorId: team.owner.userId },
      {
        event: 'member.role_changed',
        organizationId,
        userId: me.userId,
        details: { from: 'developer', to: 'viewer' },
      },
    );
    const mine = await page(me, '/api/account/activity?limit=100');
    const allowed = new Set<string>([...PERSONAL_AUDIT_EVENTS, ...STAFF_AUDIT_EVENTS]);
    expect(mine.entries.every((entry) => allowed.has(entry.event))).toBe(true);
    expect(mine.entries.map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['auth.factor_added', 'staff.sessions_ended']),
    );
    expect(mine.entries.some((entry) => entry.event === 'member.role_changed')).toBe(false);
    expect(mine.entries.filter((entry) => entry.event === 'auth.factor_added')).toHaveLength(1);
    expect(mine.entries.find((entry) => entry.event === 'staff.sessions_ended')).toMatchObject({
      actor: { type: 'staff', id: null, label: 'Cotacep' },
      ip: null,
      userAgent: null,
      reason: 'Pedido do cliente por telefone',
    });
    const filtered = await page(me, '/api/account/activity?event=auth.factor_added');
    expect(filtered.entries.map((entry) => entry.event)).toEqual(['auth.factor_added']);
    // An organization event asked for by name: still not theirs to see here.
    expect((await page(me, '/api/account/activity?event=member.role_changed')).entries).toEqual([]);
  });

  it('downloads their own entries as JSON', async () => {
    const response = await get(team.viewer, '/api/account/activity?format=json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="cotacep-activity-account-[\d-]+\.json"/,
    );
    const body = activityExportSchema.parse(response.json());
    expect(body.organizationId).toBeNull();
    expect(body.entries.some((entry) => entry.event === 'staff.sessions_ended')).toBe(true);
  });

  it('is empty for someone with no entries', async () => {
    const stranger = await createAccount(test.app, test.database.db);
    const own = await page(stranger, `/api/account/activity?actor=${randomUUID()}`);
    expect(own).toEqual({ entries: [], nextCursor: null });
  });

  it('leaves a chain that verifies', async () => {
    expect((await verifyAuditLog(test.database.db)).broken).toBeNull();
  });
});
