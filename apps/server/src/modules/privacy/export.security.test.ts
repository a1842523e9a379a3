import type { DataExport } from '@cotacep/shared/privacy-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '#server/db/schema/privacy-requests.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { prepareDataExports } from './export-worker.ts';
import { auditOf, callAs, createPrivacyTestApp, type PrivacyTestApp } from './test-support/privacy-app.ts';

let test: PrivacyTestApp;
beforeAll(async () => {
  test = await createPrivacyTestApp();
});
afterAll(() => test.close());

const HOUR_MS = 3_600_000;

async function requestExport(account: TestAccount): Promise<DataExport> {
  const response = await callAs(test, account, 'POST', '/api/account/export');
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as DataExport;
}

const download = (account: TestAccount, id: string) =>
  callAs(test, account, 'GET', `/api/account/export/${id}/download`);

const rowsOf = (userId: string) =>
  test.database.db.select().from(dataExports).where(eq(dataExports.userId, userId));

describe('download my data: only its owner, only while valid', () => {
  it('someone else gets 404 for a ready export, exactly as for one that does not exist', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const other = await createAccount(test.app, test.database.db);
    const { id } = await requestExport(owner);
    await test.sweep();
    expect((await download(owner, id)).statusCode).toBe(200);

    const theirs = await download(other, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NotFound');
    expect(theirs.body).not.toContain(owner.email);
    const missing = await download(other, crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NotFound');
    // Their own status knows nothing of the owner's.
    expect((await callAs(test, other, 'GET', '/api/account/export')).json()).toEqual({ export: null });
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/account/export/${id}/download` })).statusCode,
    ).toBe(401);
    expect((await download(owner, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('after its hours the link answers 404, the status says expired and the file is dropped', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const { id } = await requestExport(owner);
    // Prepared 25 hours ago: its 24 hours are over.
    await test.sweep(new Date(Date.now() - 25 * HOUR_MS));
    expect((await download(owner, id)).statusCode).toBe(404);
    const latest = (await callAs(test, owner, 'GET', '/api/account/export')).json() as { export: DataExport };
    expect(latest.export).toMatchObject({ id, status: 'expired' });
    await test.sweep();
    const [row] = await rowsOf(owner.userId);
    expect(row?.content).toBeNull();
    // A new one may be asked for at once.
    const next = await requestExport(owner);
    expect(next.id).not.toBe(id);
  });
});

describe('download my data: one at a time, built once', () => {
  it('a second request while one is being prepared answers the same one, even in parallel', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const first = await requestExport(owner);
    const again = await requestExport(owner);
    expect(again).toEqual(first);
    const parallel = await Promise.all([1, 2, 3, 4, 5].map(() => requestExport(owner)));
    expect(new Set(parallel.map((entry) => entry.id))).toEqual(new Set([first.id]));
    expect(await rowsOf(owner.userId)).toHaveLength(1);
    expect(await auditOf(test, 'account.export_requested', { userId: owner.userId })).toHaveLength(1);
  });

  it('two workers sweeping at once prepare and mail it once; a dead worker’s claim is taken over later', async () => {
    await test.sweep(); // Nothing else pending: the two workers below have exactly one export to share.
    const owner = await createAccount(test.app, test.database.db);
    const { id } = await requestExport(owner);
    const before = test.smtp.countTo(owner.email);
    const deps = test.app.privacy.deps;
    const counts = await Promise.all([prepareDataExports(deps), prepareDataExports(deps)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    await test.smtp.waitFor(owner.email, () => test.smtp.countTo(owner.email) > before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(test.smtp.countTo(owner.email)).toBe(before + 1);
    expect((await rowsOf(owner.userId))[0]).toMatchObject({ id, status: 'ready' });

    // A claim a minute old belongs to a worker still at it; one older than five minutes to a dead one.
    const other = await createAccount(test.app, test.database.db);
    const stuck = await requestExport(other);
    const claim = (minutesAgo: number) =>
      test.database.db
        .update(dataExports)
        .set({ claimedAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(dataExports.id, stuck.id));
    await claim(1);
    expect(await prepareDataExports(deps)).toBe(0);
    expect((await rowsOf(other.userId))[0]?.status).toBe('pending');
    await claim(6);
    expect(await prepareDataExports(deps)).toBe(1);
    expect((await rowsOf(other.userId))[0]?.status).toBe('ready');
  });
});
