import { usesQuota } from '@cotacep/shared/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { projects } from '../../db/schema/projects.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { utcDay } from '../../lib/time.ts';
import { createTestDatabase } from '../../test/database.ts';
import { type SeededKey, seedKey } from '../../test/seed-key.ts';
import { getMonthQuotaUse } from './month-usage.ts';
import { getUsageReport } from './report.ts';
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
    keys.forEach(({ userId, key }, index) => {
      for (const status of STATUSES) {
        const count = ((daysAgo * 7 + status + index * 13) % 23) + 1;
        rows.push({ userId, projectId: key.projectId, keyId: key.id, day, status, count });
      }
    });
  }
  for (let start = 0; start < rows.length; start += 500) {
    await writeUsageBatch(database.db, rows.slice(start, start + 500), new Map());
  }
}

/** What the report said before the monthly rollup, straight from the daily rows. */
async function fromDailyRows(userId: string, filter: { keyId?: string } = {}) {
  const rows = await database.db
    .select({
      month: sql<string>`to_char(${usageDaily.day}, 'YYYY-MM')`,
      keyId: usageDaily.keyId,
      status: usageDaily.status,
      requests: sql<string>`sum(${usageDaily.count})`,
    })
    .from(usageDaily)
    .where(eq(usageDaily.userId, userId))
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
    const second = await seedKey(database.db, { userId: first.userId });
    const third = await seedKey(database.db, { userId: first.userId, key: { description: 'Third' } });
    const other = await seedKey(database.db);
    await seedHistory([first, second, third, other]);

    const report = await getUsageReport(database.db, first.userId, {}, NOW);
    const expected = await fromDailyRows(first.userId);
    expect(report.months).toHaveLength(12);
    for (const month of report.months) {
      const byStatus = expected.months.get(month.month) ?? {};
      expect(month.byStatus).toEqual(byStatus);
      expect(month.total).toBe(Object.values(byStatus).reduce((sum, count) => sum + count, 0));
    }
    const used = [...expected.usedByKey.values()].reduce((sum, count) => sum + count, 0);
    expect(report.used).toBe(used);
    expect(await getMonthQuotaUse(database.db, first.userId, '2026-11')).toBe(used);
    expect(Object.fromEntries(report.byKey.map((key) => [key.keyId, key.used]))).toEqual(
      Object.fromEntries(expected.usedByKey),
    );
    expect(report.byKey.find((key) => key.keyId === third.key.id)?.description).toBe('Third');
    expect(report.byKey.some((key) => key.keyId === other.key.id)).toBe(false);

    const oneKey = await getUsageReport(database.db, first.userId, { keyId: second.key.id }, NOW);
    const expectedOne = await fromDailyRows(first.userId, { keyId: second.key.id });
    for (const month of oneKey.months)
      expect(month.byStatus).toEqual(expectedOne.months.get(month.month) ?? {});
    expect(oneKey.used).toBe(used);
  });
});

describe('usage report: the last 24 hours and each key’s 15 days', () => {
  const HOUR = 3_600_000;
  const at = (hoursAgo: number) => NOW - hoursAgo * HOUR;
  const row = ({ userId, key }: SeededKey, hoursAgo: number, status: number, count: number): UsageRow => ({
    userId,
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
      .values({ userId: first.userId, name: 'Second' })
      .returning();
    const second = await seedKey(database.db, { userId: first.userId, key: { projectId: project!.id } });
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

    const report = await getUsageReport(database.db, first.userId, {}, NOW + 59 * 60_000);
    expect(report.last24h).toEqual({ total: 12, clientErrors: 1, serverErrors: 6 });
    const oneKey = await getUsageReport(database.db, first.userId, { keyId: first.key.id }, NOW);
    expect(oneKey.last24h).toEqual({ total: 8, clientErrors: 1, serverErrors: 2 });
    const oneProject = await getUsageReport(
      database.db,
      first.userId,
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
