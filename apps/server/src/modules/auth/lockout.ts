import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginLockouts } from '../../db/schema/login-lockouts.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from './secrets.ts';

export type LockoutSettings = {
  maxFailures: number;
  baseSeconds: number;
  maxSeconds: number;
  resetSeconds: number;
};

export function lockoutKey(email: string): string {
  return sha256(`login:${email}`);
}

/** Refuses the attempt while the e-mail is locked, telling when to retry. */
export async function assertNotLocked(db: Db, key: string): Promise<void> {
  const [row] = await db.select().from(loginLockouts).where(eq(loginLockouts.emailHash, key));
  const now = Date.now();
  if (!row?.lockedUntil || row.lockedUntil.getTime() <= now) return;
  const retryAfter = Math.ceil((row.lockedUntil.getTime() - now) / 1000);
  throw new AppError('PasswordAttemptsExceeded', { retryAfter }, { 'retry-after': String(retryAfter) });
}

/**
 * Counts one failure in a single atomic upsert. The count starts again after `resetSeconds` without
 * failures; from `maxFailures` on, each failure locks for base × 2^(n − max) seconds, capped at `maxSeconds`.
 */
export async function recordFailure(db: Db, key: string, settings: LockoutSettings): Promise<void> {
  const now = new Date();
  const quietSince = new Date(now.getTime() - settings.resetSeconds * 1000);
  const failures = sql`case when ${loginLockouts.lastFailureAt} < ${quietSince.toISOString()}::timestamptz then 1 else ${loginLockouts.failures} + 1 end`;
  const lockSeconds = sql`least(${settings.baseSeconds}::float8 * power(2, (${failures}) - ${settings.maxFailures}), ${settings.maxSeconds}::float8)`;
  await db
    .insert(loginLockouts)
    .values({
      emailHash: key,
      failures: 1,
      lastFailureAt: now,
      lockedUntil: settings.maxFailures <= 1 ? new Date(now.getTime() + settings.baseSeconds * 1000) : null,
    })
    .onConflictDoUpdate({
      target: loginLockouts.emailHash,
      set: {
        failures: sql`${failures}`,
        lastFailureAt: now,
        lockedUntil: sql`case when (${failures}) >= ${settings.maxFailures} then ${now.toISOString()}::timestamptz + make_interval(secs => ${lockSeconds}) else null end`,
      },
    });
}

/** A successful login forgets the failures. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginLockouts).where(eq(loginLockouts.emailHash, key));
}
