import { usesQuota } from '@cotacep/shared/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { projects } from '../../db/schema/projects.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { utcDay } from '../../lib/time.ts';
import { createTestDatabase } from '../../test/database.ts';
import { type SeededKey, seedKey } from '../../test/seed-key.ts';
import { getMonthQuotaUse } from './month-usage.ts';
import { getUsageReport } from './report.ts';
import { getUsageSeries } from './series.ts';
import { type UsageRow, writeUsageBatch } from './write-batch.ts';

let database: Database;
const NOW = Date.parse('2026-11-20T15:00:00Z');
const STATUSES = [200, 304, 400, 404, 429, 500];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** 400 days of varied usage on three keys in two projects, written in several batches as the meter does. */
async function seedHistory(keys: SeededKey[]) {
  const rows: UsageRow[] = [];
  for (let daysAgo = 0; daysAgo < 400; daysAgo += 3) {
    const day = utcDay(NOW - daysAgo * 86_400_000);
    keys.forEach(({ organizationId, key }, index) => {
      for (const status of STATUSES) {
        const count = ((daysAgo * 7 + status + index * 13) % 23) + 1;
        rows.push({ organizationId, projectId: key.projectId, keyId: key.id, day, status, count });
      }
    });
  }
  for (let start = 0; start < rows.length; start += 500) {
    await writeUsageBatch(database.db, rows.slice(start, start + 500), new Map());
  }
}

/** What the report said before the monthly rollup, straight from the daily rows. */
async function fromDailyRows(organizationId: string, filter: { keyId?: string } = {}) {
  const rows = await database.db
    .select({
      month: sql<string>`to_char(${usageDaily.day}, 'YYYY-MM')`,
      keyId: usageDaily.keyId,
      status: usageDaily.status,
      requests: sql<string>`sum(${usageDaily.count})`,
    })
    .from(usageDaily)
    .where(eq(usageDaily.organizationId, organizationId))
    .groupBy(sql`1`, usageDaily.keyId, usageDaily.status);
  const months = new Map<string, Record<string, number>>();
  const usedByKey = new Map<string, number>();
  for (const row of rows) {
    const requests = Number(row.requests);
    if (!filter.keyId || row.keyId === filter.keyId) {
      const month = months.get(row.month) ?? {};
      month[row.status] = (month[row.status] ?? 0) + requests;
      months.set(row.month, month);
    }
    if (row.month === '2026-11' && usesQuota(row.status)) {
      usedByKey.set(row.keyId, (usedByKey.get(row.keyId) ?? 0) + requests);
    }
  }
  return { months, usedByKey };
}

describe('usage report from the monthly rollup', () => {
  it('gives the figures the daily rows give: 12 months by status, the period’s use by key', async () => {
    const first = await seedKey(database.db);
    const second = await seedKey(database.db, { organizationId: first.organizationId });
    const third = await seedKey(database.db, {
      organizationId: first.organizationId,
      key: { description: 'Third' },
    });
    const other = await seedKey(database.db);
    await seedHistory([first, second, third, other]);

    const report = await getUsageReport(database.db, first.organizationId, {}, NOW);
    const expected = await fromDailyRows(first.organizationId);
    expect(report.months).toHaveLength(12);
    for (const month of report.months) {
      const byStatus = expected.months.get(month.month) ?? {};
      expect(month.byStatus).toEqual(byStatus);
      expect(month.total).toBe(Object.values(byStatus).reduce((sum, count) => sum + count, 0));
    }
    const used = [...expected.usedByKey.values()].reduce((sum, count) => sum + count, 0);
    expect(report.used).toBe(used);
    expect(await getMonthQuotaUse(database.db, first.organizationId, '2026-11')).toBe(used);
    expect(Object.fromEntries(report.byKey.map((key) => [key.keyId, key.used]))).toEqual(
      Object.fromEntries(expected.usedByKey),
    );
    expect(report.byKey.find((key) => key.keyId === third.key.id)?.description).toBe('Third');
    expect(report.byKey.some((key) => key.keyId === other.key.id)).toBe(false);

    const oneKey = await getUsageReport(database.db, first.organizationId, { keyId: second.key.id }, NOW);
    const expectedOne = await fromDailyRows(first.organizationId, { keyId: second.key.id });
    for (const month of oneKey.months)
      expect(month.byStatus).toEqual(expectedOne.months.get(month.month) ?? {});
    expect(oneKey.used).toBe(used);
  });
});

describe('usage report: the last 24 hours and each key’s 15 days', () => {
  const HOUR = 3_600_000;
  const at = (hoursAgo: number) => NOW - hoursAgo * HOUR;
  const row = (
    { organizationId, key }: SeededKey,
    hoursAgo: number,
    status: number,
    count: number,
  ): UsageRow => ({
    organizationId,
    projectId: key.projectId,
    keyId: key.id,
    day: utcDay(at(hoursAgo)),
    hour: at(hoursAgo),
    status,
    count,
  });

  it('counts whole UTC hours, the current one included, 4xx and 5xx apart, narrowed by the filter', async () => {
    const first = await seedKey(database.db);
    const [project] = await database.db
      .insert(projects)
      .values({ organizationId: first.organizationId, name: 'Second' })
      .returning();
    const second = await seedKey(database.db, {
      organizationId: first.organizationId,
      key: { projectId: project!.id },
    });
    const other = await seedKey(database.db);
    await writeUsageBatch(
      database.db,
      [
        row(first, 0, 200, 5),
        row(first, 1, 429, 1),
        row(first, 23, 500, 2),
        // 24 hours back is the 25th hour: outside.
        row(first, 24, 404, 3),
        row(second, 0, 503, 4),
        row(other, 0, 500, 9),
      ],
      new Map(),
    );

    const report = await getUsageReport(database.db, first.organizationId, {}, NOW + 59 * 60_000);
    expect(report.last24h).toEqual({ total: 12, clientErrors: 1, serverErrors: 6 });
    const oneKey = await getUsageReport(database.db, first.organizationId, { keyId: first.key.id }, NOW);
    expect(oneKey.last24h).toEqual({ total: 8, clientErrors: 1, serverErrors: 2 });
    const oneProject = await getUsageReport(
      database.db,
      first.organizationId,
      { projectId: second.key.projectId },
      NOW,
    );
    expect(oneProject.last24h).toEqual({ total: 4, clientErrors: 0, serverErrors: 4 });

    // Sparklines: every answer per day, today last; a key with only errors is listed with `used` 0.
    const days = (counts: Record<number, number>) =>
      Array.from({ length: 15 }, (_, index) => counts[14 - index] ?? 0);
    const byKey = Object.fromEntries(report.byKey.map((key) => [key.keyId, key]));
    expect(byKey[first.key.id]).toMatchObject({ used: 5, days: days({ 0: 6, 1: 5 }) });
    expect(byKey[second.key.id]).toMatchObject({ used: 0, days: days({ 0: 4 }) });
    expect(byKey[other.key.id]).toBeUndefined();
  });
});

describe('usage report: the Months view starts at the account’s creation', () => {
  /** An account created at `createdAt`, with one key. */
  async function accountCreated(createdAt: string) {
    const seeded = await seedKey(database.db);
    await database.db
      .update(organizations)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(organizations.id, seeded.organizationId));
    return seeded;
  }
  const monthsOf = async (organizationId: string, query = {}) =>
    (await getUsageReport(database.db, organizationId, query, NOW)).months.map((month) => month.month);

  it('lists the months from the creation month to this one, never months before the account', async () => {
    const { organizationId } = await accountCreated('2026-09-30T23:59:00Z');
    expect(await monthsOf(organizationId)).toEqual(['2026-09', '2026-10', '2026-11']);
    const thisMonth = await accountCreated('2026-11-02T00:00:00Z');
    expect(await monthsOf(thisMonth.organizationId)).toEqual(['2026-11']);
    // The CSV's months are the same.
    const csv = (await getUsageSeries(database.db, organizationId, {}, 'months', NOW)) as { month: string }[];
    expect(csv.map((month) => month.month)).toEqual(['2026-09', '2026-10', '2026-11']);
    // The Days view keeps its 15 days (spec §9), days before the account included.
    expect((await getUsageReport(database.db, thisMonth.organizationId, {}, NOW)).days).toHaveLength(15);
  });

  it('keeps at most the last 12 months of an old account', async () => {
    const { organizationId } = await accountCreated('2023-03-15T12:00:00Z');
    const months = await monthsOf(organizationId);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-12');
    expect(months.at(-1)).toBe('2026-11');
  });

  it('starts earlier when the account has usage recorded before its creation (imported history)', async () => {
    const seeded = await accountCreated('2026-11-10T00:00:00Z');
    const other = await seedKey(database.db);
    await writeUsageBatch(
      database.db,
      [
        {
          organizationId: seeded.organizationId,
          projectId: seeded.key.projectId,
          keyId: seeded.key.id,
          day: '2026-08-14',
          status: 404,
          count: 3,
        },
        // Another account's older use moves nothing.
        {
          organizationId: other.organizationId,
          projectId: other.key.projectId,
          keyId: other.key.id,
          day: '2026-02-01',
          status: 200,
          count: 9,
        },
      ],
      new Map(),
    );
    expect(await monthsOf(seeded.organizationId)).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    // A filter narrows the numbers, not the months: the chart keeps its range while filtering.
    const otherKey = await seedKey(database.db, { organizationId: seeded.organizationId });
    const filtered = await getUsageReport(
      database.db,
      seeded.organizationId,
      { keyId: otherKey.key.id },
      NOW,
    );
    expect(filtered.months.map((month) => [month.month, month.total])).toEqual([
      ['2026-08', 0],
      ['2026-09', 0],
      ['2026-10', 0],
      ['2026-11', 0],
    ]);
  });
});
