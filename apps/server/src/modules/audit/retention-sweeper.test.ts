import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { auditEvents } from '#server/db/schema/audit-events.ts';
import { DAY_MS } from '#server/lib/time.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { SYSTEM_CONTEXT } from './record.ts';
import { startAuditRetention } from './retention-sweeper.ts';
import { writeEntries } from './test-support/activity-fixture.ts';
import { verifyAuditLog } from './verify.ts';

let database: Database;
/** What the sweeper logs, kept to be read. */
const logged: { level: string; message: string; fields: object }[] = [];
const log = {
  info: (fields: object, message: string) => logged.push({ level: 'info', message, fields }),
  warn: (fields: object, message: string) => logged.push({ level: 'warn', message, fields }),
} as never;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const sequencesOf = async (chainId: string) =>
  (
    await database.db
      .select({ sequence: auditEvents.sequence })
      .from(auditEvents)
      .where(eq(auditEvents.chainId, chainId))
      .orderBy(auditEvents.sequence)
  ).map((row) => row.sequence);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('AUDIT_RETENTION_DAYS', () => {
  it('defaults to a year and refuses less than 30 days', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '29' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe('the retention sweeper', () => {
  it('removes the entries past the retention from the start of their chains, and the log still verifies', async () => {
    const old = randomUUID();
    const mixed = randomUUID();
    await writeEntries(database.db, SYSTEM_CONTEXT, { event: 'project.created', organizationId: old }, 3);
    await writeEntries(database.db, SYSTEM_CONTEXT, { event: 'project.created', organizationId: mixed }, 2);
    await pause(5);
    const cutoff = Date.now();
    await pause(5);
    await writeEntries(database.db, SYSTEM_CONTEXT, { event: 'project.updated', organizationId: mixed }, 2);
    // Thirty days after the cutoff, with a thirty-day retention: what came before it is past its time.
    const sweeper = startAuditRetention({
      db: database.db,
      retentionDays: 30,
      log,
      now: () => cutoff + 30 * DAY_MS,
    });
    expect(await sweeper.sweep()).toBe(5);
    await sweeper.stop();
    expect(logged.at(-1)).toEqual({
      level: 'info',
      message: 'audit entries past their retention removed',
      fields: { removed: 5, retentionDays: 30 },
    });
    expect(await sequencesOf(old)).toEqual([]);
    expect(await sequencesOf(mixed)).toEqual([3, 4]);
    expect((await verifyAuditLog(database.db)).broken).toBeNull();
    // New entries go on from where the chain was.
    await writeEntries(database.db, SYSTEM_CONTEXT, { event: 'project.deleted', organizationId: old });
    expect(await sequencesOf(old)).toEqual([4]);
    expect((await verifyAuditLog(database.db)).broken).toBeNull();
  });

  it('keeps everything younger than the retention', async () => {
    const recent = randomUUID();
    await writeEntries(database.db, SYSTEM_CONTEXT, { event: 'key.created', organizationId: recent }, 2);
    const sweeper = startAuditRetention({ db: database.db, retentionDays: 365, log });
    expect(await sweeper.sweep()).toBe(0);
    await sweeper.stop();
    expect(await sequencesOf(recent)).toEqual([1, 2]);
  });

  it('sweeps on its own timer until stopped', async () => {
    const organizationId = randomUUID();
    await writeEntries(database.db, SYSTEM_CONTEXT, { event: 'key.deleted', organizationId });
    const sweeper = startAuditRetention({
      db: database.db,
      retentionDays: 30,
      log,
      intervalMs: 20,
      now: () => Date.now() + 31 * DAY_MS,
    });
    for (let waited = 0; (await sequencesOf(organizationId)).length > 0 && waited < 2_000; waited += 20) {
      await pause(20);
    }
    await sweeper.stop();
    expect(await sequencesOf(organizationId)).toEqual([]);
    // Stopped: a later entry stays, however old the sweeper would find it.
    await writeEntries(database.db, SYSTEM_CONTEXT, { event: 'key.deleted', organizationId });
    await pause(80);
    expect(await sequencesOf(organizationId)).toEqual([2]);
    expect((await verifyAuditLog(database.db)).broken).toBeNull();
  });
});
