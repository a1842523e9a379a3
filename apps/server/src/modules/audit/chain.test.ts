import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { auditChainHeads, auditEvents } from '../../db/schema/audit-events.ts';
import { createTestDatabase } from '../../test/database.ts';
import { type AuditContext, recordAudit, SYSTEM_CONTEXT, withAudit } from './record.ts';
import { pruneAuditLog } from './retention.ts';
import { verifyAuditLog } from './verify.ts';

const context: AuditContext = {
  actorType: 'user',
  actorId: randomUUID(),
  ip: '203.0.113.9',
  userAgent: 'test',
};

describe('the audit chain', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  /** A chain of its own for each test, so they do not see one another's entries. */
  async function writeChain(length: number): Promise<string> {
    const organizationId = randomUUID();
    for (let index = 0; index < length; index++) {
      await database.db.transaction((tx) =>
        recordAudit(tx, context, { event: 'key.created', organizationId, details: { index } }),
      );
    }
    return organizationId;
  }

  const rowsOf = (chainId: string) =>
    database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.chainId, chainId))
      .orderBy(auditEvents.sequence);

  it('links each entry to the one before it, in order, and verifies', async () => {
    const chainId = await writeChain(3);
    const rows = await rowsOf(chainId);
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3]);
    expect(rows[1]?.previousHash).toBe(rows[0]?.hash);
    expect(rows[2]?.previousHash).toBe(rows[1]?.hash);
    expect(rows[0]?.ip).toBe('203.0.113.9');
    expect((await verifyAuditLog(database.db)).broken).toBeNull();
  });

  it('gives concurrent writers of one chain distinct places (the head is locked)', async () => {
    const organizationId = randomUUID();
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        database.db.transaction((tx) =>
          recordAudit(tx, SYSTEM_CONTEXT, { event: 'project.created', organizationId, details: { index } }),
        ),
      ),
    );
    const rows = await rowsOf(organizationId);
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect((await verifyAuditLog(database.db)).broken).toBeNull();
  });

  it('writes nothing when the change it records fails', async () => {
    const organizationId = randomUUID();
    const failing = withAudit(
      database.db,
      context,
      async () => {
        throw new Error('the change failed');
      },
      { event: 'key.deleted', organizationId },
    );
    await expect(failing).rejects.toThrow('the change failed');
    expect(await rowsOf(organizationId)).toEqual([]);
  });

  it('refuses details that could hold a secret', async () => {
    const attempt = database.db.transaction((tx) =>
      recordAudit(tx, context, {
        event: 'auth.password_changed',
        userId: randomUUID(),
        details: { password: 'x' },
      }),
    );
    await expect(attempt).rejects.toThrow(/password/);
  });

  it('names an altered entry', async () => {
    const chainId = await writeChain(3);
    const [, second] = await rowsOf(chainId);
    await database.db.execute(sql`update audit_events set ip = '198.51.100.1' where id = ${second?.id}`);
    const { broken } = await verifyAuditLog(database.db);
    expect(broken).toEqual({ chainId, sequence: 2, entryId: second?.id, problem: 'altered' });
    await database.db.delete(auditEvents).where(eq(auditEvents.chainId, chainId));
    await database.db.delete(auditChainHeads).where(eq(auditChainHeads.chainId, chainId));
  });

  it('names a removed entry, in the middle or at the end', async () => {
    const chainId = await writeChain(4);
    const rows = await rowsOf(chainId);
    await database.db.execute(sql`delete from audit_events where id = ${rows[1]?.id}`);
    expect((await verifyAuditLog(database.db)).broken).toMatchObject({
      chainId,
      sequence: 2,
      problem: 'missing',
    });
    await database.db.delete(auditEvents).where(eq(auditEvents.chainId, chainId));
    await database.db.delete(auditChainHeads).where(eq(auditChainHeads.chainId, chainId));

    const tailChain = await writeChain(2);
    const tail = await rowsOf(tailChain);
    await database.db.execute(sql`delete from audit_events where id = ${tail[1]?.id}`);
    expect((await verifyAuditLog(database.db)).broken).toMatchObject({
      chainId: tailChain,
      sequence: 2,
      problem: 'missing',
    });
    await database.db.delete(auditEvents).where(eq(auditEvents.chainId, tailChain));
    await database.db.delete(auditChainHeads).where(eq(auditChainHeads.chainId, tailChain));
  });

  it('retention removes the oldest entries and the chain still verifies', async () => {
    const chainId = await writeChain(3);
    const rows = await rowsOf(chainId);
    // The first two are "old": move them back in time and re-seal them as if written then.
    await database.db.execute(
      sql`update audit_events set occurred_at = occurred_at - interval '400 days' where id in (${rows[0]?.id}, ${rows[1]?.id})`,
    );
    const removed = await pruneAuditLog(database.db, new Date(Date.now() - 365 * 86_400_000));
    expect(removed).toBe(2);
    expect((await rowsOf(chainId)).map((row) => row.sequence)).toEqual([3]);
    expect((await verifyAuditLog(database.db)).broken).toBeNull();
  });
});
