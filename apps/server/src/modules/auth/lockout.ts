import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginLockouts } from '../../db/schema/login-lockouts.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secrets.ts';

export type LockoutSettings = {
  maxFailures: number;
  baseSeconds: number;
  maxSeconds: number;
  resetSeconds: number;
};

export function lockoutKey(email: string): string {
  return sha256(`login:${email}`);
}

/** The attempt just reserved: the failures counted with it, and the lock it starts should it fail. */
export type Reservation = { failures: number; lockedUntil: Date | null };

/**
 * Reserves one password attempt before the password is verified, in a single atomic upsert, or refuses
 * with the seconds to wait. The reservation counts as a failure until a success forgets it, so however
 * many requests race (any number of instances and client addresses), at most `maxFailures` passwords are
 * evaluated before the lock. The count starts again after `resetSeconds` without failures; from
 * `maxFailures` on, each attempt locks for base × 2^(n − max) seconds, capped at `maxSeconds`.
 */
export async function reserveAttempt(db: Db, key: string, settings: LockoutSettings): Promise<Reservation> {
  const now = new Date();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const quietSince = new Date(now.getTime() - settings.resetSeconds * 1000);
  const failures = sql`case when ${loginLockouts.lastFailureAt} < ${quietSince.toISOString()}::timestamptz then 1 else ${loginLockouts.failures} + 1 end`;
  const lockSeconds = sql`least(${settings.baseSeconds}::float8 * power(2, (${failures}) - ${settings.maxFailures}), ${settings.maxSeconds}::float8)`;
  const reserved = await db
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
        lockedUntil: sql`case when (${failures}) >= ${settings.maxFailures} then ${nowSql} + make_interval(secs => ${lockSeconds}) else null end`,
      },
      // Re-checked on the latest row version under its lock: racing attempts cannot both pass.
      setWhere: sql`${loginLockouts.lockedUntil} is null or ${loginLockouts.lockedUntil} <= ${nowSql}`,
    })
    .returning({ failures: loginLockouts.failures, lockedUntil: loginLockouts.lockedUntil });
  if (reserved[0]) return reserved[0];
  const [row] = await db.select().from(loginLockouts).where(eq(loginLockouts.emailHash, key));
  const lockedMs = row?.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : 0;
  const retryAfter = Math.max(1, Math.ceil(lockedMs / 1000));
  throw new AppError('PasswordAttemptsExceeded', { retryAfter }, { 'retry-after': String(retryAfter) });
}

/** A successful login forgets the failures. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginLockouts).where(eq(loginLockouts.emailHash, key));
}
