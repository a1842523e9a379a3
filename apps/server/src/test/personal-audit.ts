import type { AuditEventName } from '@cotacep/shared/audit-events';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { type AuditEventRow, auditEvents } from '../db/schema/audit-events.ts';
import { users } from '../db/schema/users.ts';
import { drainAfterResponse } from '../lib/after-response.ts';
import { verifyAuditLog } from '../modules/audit/verify.ts';

/** The user agent tests send, to find it on the entries. */
export const TEST_USER_AGENT = 'AuditTest/1.0 (vitest)';

/** A person's own chain (`user:<id>`), oldest first, once the work after the answers is done. */
export async function personalEntries(db: Db, userId: string): Promise<AuditEventRow[]> {
  await drainAfterResponse();
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.chainId, `user:${userId}`))
    .orderBy(asc(auditEvents.sequence));
}

/** The events of a person's chain, in order: what most assertions compare. */
export async function personalEvents(db: Db, userId: string): Promise<AuditEventName[]> {
  return (await personalEntries(db, userId)).map((entry) => entry.event);
}

/** Every entry in the log (a refused request must not add one anywhere). */
export async function countEntries(db: Db): Promise<number> {
  await drainAfterResponse();
  return (await db.select({ id: auditEvents.id }).from(auditEvents)).length;
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  expect(row, `an account for ${email}`).toBeDefined();
  return row!.id;
}

/**
 * The fields every personal entry shares: about the person, outside any organization, done by them from the
 * test's client (inject's 127.0.0.1; the user agent when the request sent `TEST_USER_AGENT`).
 */
export function byThePerson(userId: string, userAgent: string | null = TEST_USER_AGENT) {
  return {
    chainId: `user:${userId}`,
    userId,
    organizationId: null,
    actorType: 'user',
    actorId: userId,
    ip: '127.0.0.1',
    ...(userAgent === null ? {} : { userAgent }),
    reason: null,
  };
}

/** No secret the test knows (a password, a code, a token, a key) appears anywhere in the entries. */
export function expectNoSecrets(entries: AuditEventRow[], secrets: string[]): void {
  const text = JSON.stringify(entries);
  for (const secret of secrets) expect(text, 'an audit entry holds a secret').not.toContain(secret);
}

/** `audit:verify` finds every chain whole. */
export async function expectSoundLog(db: Db): Promise<void> {
  await drainAfterResponse();
  const result = await verifyAuditLog(db);
  expect(result.broken).toBeNull();
  expect(result.entries).toBeGreaterThan(0);
}
