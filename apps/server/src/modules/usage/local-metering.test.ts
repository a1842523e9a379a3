import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { utcDay } from '../../lib/time.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seedKey, seedUsage } from '../../test/seed-key.ts';
import { crashMargin, createLocalMetering } from './local-metering.ts';
import { utcMonth } from './period.ts';

const log = Fastify({ logger: false }).log;
const day = utcDay(Date.now());
const month = utcMonth(Date.now());
const RATE = 60;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const meteringOf = () =>
  createLocalMetering({ db: database.db, log, counters: { release: () => {} }, intervalMs: 1_000 });

describe('usage counted in process', () => {
  it('covers two flush intervals of the account’s rate in its crash margin', () => {
    // 2 s touch at most two clock minutes; 2 minutes and a bit touch four.
    expect(crashMargin(60, 1_000)).toBe(120);
    expect(crashMargin(100, 60_000)).toBe(300);
  });

  it('starts quota counters from the stored month after a clean stop, and adds the margin after a crash', async () => {
    const seeded = await seedKey(database.db);
    await seedUsage(database.db, seeded, day, 200, 10);
    const clean = meteringOf();
    await clean.start();
    expect(await clean.monthQuotaUse(seeded.organizationId, month, RATE)).toBe(10);
    await clean.stop();

    const next = meteringOf();
    await next.start();
    expect(await next.monthQuotaUse(seeded.organizationId, month, RATE)).toBe(10);
    // Killed: never stopped, so the meter is still marked running when the next process starts.
    const { organizationId, key } = seeded;
    next.settle({
      organizationId,
      projectId: key.projectId,
      keyId: key.id,
      day,
      month,
      status: 200,
      now: Date.now(),
      releasesUnit: false,
    });

    const afterCrash = meteringOf();
    await afterCrash.start();
    expect(await afterCrash.monthQuotaUse(organizationId, month, RATE)).toBe(10 + crashMargin(RATE, 1_000));
    // Only the month the crash happened in: the next month starts from what it has.
    expect(await afterCrash.monthQuotaUse(organizationId, '2099-01', RATE)).toBe(0);
    await afterCrash.stop();
  });
});
