import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appMeta } from '#server/db/schema/app-meta.ts';

const OFFSET_KEY = 'billing_test_clock_offset_ms';

/**
 * Test mode's billing clock: the real clock plus an offset that development moves forward, so renewals,
 * failed renewals and period ends can be seen without waiting a month. Kept in the database, so a
 * restarted server keeps its date. With Stripe (or in production) it is the real clock.
 */
export type TestClock = {
  now(): number;
  offsetMs(): number;
  /** Moves the clock forward; false when this installation has no test clock. */
  advance(days: number): Promise<boolean>;
};

export async function createTestClock(db: Db, enabled: boolean): Promise<TestClock> {
  let offset = 0;
  if (enabled) {
    const [row] = await db.select().from(appMeta).where(eq(appMeta.key, OFFSET_KEY));
    offset = typeof row?.value === 'number' ? row.value : 0;
  }
  return {
    now: () => Date.now() + offset,
    offsetMs: () => offset,
    async advance(days) {
      if (!enabled) return false;
      offset += days * 86_400_000;
      await db
        .insert(appMeta)
        .values({ key: OFFSET_KEY, value: offset })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: offset, updatedAt: new Date() } });
      return true;
    },
  };
}
