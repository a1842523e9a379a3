import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { usageHourly } from '../../db/schema/usage-hourly.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';
import { utcDay } from '../../lib/time.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seedKey } from '../../test/seed-key.ts';
import { storedCounts } from '../../test/usage.ts';
import { deleteAccount } from '../organizations/founding.ts';
import { createUsageMeter } from './meter.ts';
import { writeUsageBatch } from './write-batch.ts';

let database: Database;
const log = Fastify({ logger: false }).log;
const today = utcDay(Date.now());

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('usage meter', () => {
  it('adds up requests in memory and writes them with the key’s last use', async () => {
    const { key, organizationId } = await seedKey(database.db);
    const meter = createUsageMeter({ db: database.db, log, intervalMs: 60_000 });
    const usedAt = Date.now();
    for (let index = 0; index < 7; index++)
      meter.record(organizationId, key.projectId, key.id, today, 200, usedAt);
    meter.record(organizationId, key.projectId, key.id, today, 404, usedAt - 5);
    meter.record(organizationId, key.projectId, key.id, today, 429, usedAt - 5);
    meter.record(organizationId, key.projectId, key.id, today, 304, usedAt - 5);
    // Only 2xx and 304 answers use quota (decision 007).
    expect(meter.unflushedQuotaUse(organizationId, today.slice(0, 7))).toBe(8);
    expect(await storedCounts(database.db, key.id)).toEqual({});

    expect(await meter.flush()).toBe(true);
    expect(await storedCounts(database.db, key.id)).toEqual({ 200: 7, 304: 1, 404: 1, 429: 1 });
    expect(meter.unflushedQuotaUse(organizationId, today.slice(0, 7))).toBe(0);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.lastUsedAt?.getTime()).toBe(usedAt);

    // The next batch adds to the stored counts; an older last use does not move the time back.
    meter.record(organizationId, key.projectId, key.id, today, 200, usedAt - 60_000);
    await meter.flush();
    expect(await storedCounts(database.db, key.id)).toEqual({ 200: 8, 304: 1, 404: 1, 429: 1 });
    const [again] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(again?.lastUsedAt?.getTime()).toBe(usedAt);
  });

  it('rolls the days up into usage_monthly, summed across flushes, days and statuses of one month', async () => {
    const { key, organizationId } = await seedKey(database.db);
    const meter = createUsageMeter({ db: database.db, log, intervalMs: 60_000 });
    const record = (day: string, status: number, times: number) => {
      for (let index = 0; index < times; index++)
        meter.record(organizationId, key.projectId, key.id, day, status, Date.now());
    };
    record('2026-03-01', 200, 3);
    record('2026-03-01', 404, 1);
    record('2026-03-31', 200, 2);
    record('2026-02-28', 200, 7);
    await meter.flush();
    record('2026-03-31', 200, 5);
    record('2026-03-17', 404, 2);
    record('2026-03-17', 500, 1);
    await meter.flush();

    const monthly = await database.db
      .select({ month: usageMonthly.month, status: usageMonthly.status, count: usageMonthly.count })
      .from(usageMonthly)
      .where(eq(usageMonthly.keyId, key.id))
      .orderBy(usageMonthly.month, usageMonthly.status);
    expect(monthly).toEqual([
      { month: '2026-02-01', status: 200, count: 7 },
      { month: '2026-03-01', status: 200, count: 10 },
      { month: '2026-03-01', status: 404, count: 3 },
      { month: '2026-03-01', status: 500, count: 1 },
    ]);
    expect(await storedCounts(database.db, key.id)).toEqual({ 200: 17, 404: 3, 500: 1 });
  });

  it('keeps a batch the database refused and writes it with the next one', async () => {
    const { key, organizationId } = await seedKey(database.db);
    const meter = createUsageMeter({ db: database.db, log, intervalMs: 60_000 });
    meter.record(organizationId, key.projectId, key.id, today, 200, Date.now());
    meter.record(organizationId, key.projectId, key.id, today, 200, Date.now());
    // A database hiccup: the table is briefly not there.
    await database.db.execute(sql`alter table usage_daily rename to usage_daily_away`);
    try {
      expect(await meter.flush()).toBe(false);
      meter.record(organizationId, key.projectId, key.id, today, 200, Date.now());
      expect(await meter.flush()).toBe(false);
    } finally {
      await database.db.execute(sql`alter table usage_daily_away rename to usage_daily`);
    }
    expect(meter.unflushedQuotaUse(organizationId, today.slice(0, 7))).toBe(3);
    expect(await meter.flush()).toBe(true);
    expect(await storedCounts(database.db, key.id)).toEqual({ 200: 3 });
  });

  it('flushes on its own at the interval, and everything left when stopped', async () => {
    const { key, organizationId } = await seedKey(database.db);
    const meter = createUsageMeter({ db: database.db, log, intervalMs: 50 });
    meter.start();
    meter.record(organizationId, key.projectId, key.id, today, 200, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storedCounts(database.db, key.id)).toEqual({ 200: 1 });
    for (let index = 0; index < 5; index++)
      meter.record(organizationId, key.projectId, key.id, today, 200, Date.now());
    await meter.stop();
    expect(await storedCounts(database.db, key.id)).toEqual({ 200: 6 });
  });

  it('drops the usage of an account deleted meanwhile instead of blocking every later batch', async () => {
    const gone = await seedKey(database.db);
    const kept = await seedKey(database.db);
    const meter = createUsageMeter({ db: database.db, log, intervalMs: 60_000 });
    meter.record(gone.organizationId, gone.key.projectId, gone.key.id, today, 200, Date.now());
    meter.record(kept.organizationId, kept.key.projectId, kept.key.id, today, 200, Date.now());
    await deleteAccount(database.db, gone.userId);
    expect(await meter.flush()).toBe(true);
    expect(await storedCounts(database.db, kept.key.id)).toEqual({ 200: 1 });
    expect(await storedCounts(database.db, gone.key.id)).toEqual({});
  });
});

describe('usage meter: hours', () => {
  const HOUR = 3_600_000;

  it('writes each request in the UTC hour of its answer, and deletes hours past 48 once an hour', async () => {
    const { key, organizationId } = await seedKey(database.db);
    const now = Date.now();
    const thisHour = now - (now % HOUR);
    // Hours written long ago (as another instance would have): one past 48 h, one inside.
    const old = (hoursAgo: number) => ({
      organizationId,
      projectId: key.projectId,
      keyId: key.id,
      day: utcDay(thisHour - hoursAgo * HOUR),
      hour: thisHour - hoursAgo * HOUR,
      status: 200,
      count: 1,
    });
    await writeUsageBatch(database.db, [old(49), old(47)], new Map());

    const meter = createUsageMeter({ db: database.db, log, intervalMs: 60_000 });
    meter.record(organizationId, key.projectId, key.id, today, 200, now);
    meter.record(organizationId, key.projectId, key.id, today, 200, now);
    meter.record(organizationId, key.projectId, key.id, today, 500, now);
    meter.record(organizationId, key.projectId, key.id, today, 200, now - HOUR);
    expect(await meter.flush()).toBe(true);

    const hours = await database.db
      .select({ hour: usageHourly.hour, status: usageHourly.status, count: usageHourly.count })
      .from(usageHourly)
      .where(eq(usageHourly.keyId, key.id))
      .orderBy(usageHourly.hour, usageHourly.status);
    expect(hours.map((row) => ({ ...row, hour: Date.parse(row.hour) }))).toEqual([
      { hour: thisHour - 47 * HOUR, status: 200, count: 1 },
      { hour: thisHour - HOUR, status: 200, count: 1 },
      { hour: thisHour, status: 200, count: 2 },
      { hour: thisHour, status: 500, count: 1 },
    ]);
    // The days hold the same requests, summed over the hours.
    expect((await storedCounts(database.db, key.id))[200]).toBe(5);
  });
});
