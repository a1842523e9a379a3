import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { usageDaily } from '../db/schema/usage-daily.ts';

/** A key's stored counts by status, all days together. */
export async function storedCounts(db: Db, keyId: string): Promise<Record<number, number>> {
  const rows = await db
    .select({ status: usageDaily.status, count: sql<string>`sum(${usageDaily.count})` })
    .from(usageDaily)
    .where(eq(usageDaily.keyId, keyId))
    .groupBy(usageDaily.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

const total = (counts: Record<number, number>) =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);

/**
 * Waits until the meter's flushes have written at least `expected` requests for the key, then one more
 * flush interval, so a count that overshoots is seen too.
 */
export async function waitForStoredCounts(
  db: Db,
  keyId: string,
  expected: number,
  { flushIntervalMs = 1_000, timeoutMs = 10_000 } = {},
): Promise<Record<number, number>> {
  const deadline = Date.now() + timeoutMs;
  while (total(await storedCounts(db, keyId)) < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, flushIntervalMs + 100));
  return storedCounts(db, keyId);
}
