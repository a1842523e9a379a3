import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { users } from '../../db/schema/users.ts';

export type UsageRow = {
  userId: string;
  projectId: string;
  keyId: string;
  day: string;
  status: number;
  count: number;
};

/** Six parameters a row; PostgreSQL takes at most 65,535 in one statement. */
const ROWS_PER_STATEMENT = 5_000;
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * One transaction: the counts as one `INSERT … ON CONFLICT DO UPDATE` (adding to the stored counts),
 * then the keys' last-used times, which only move forward. Usage of an account deleted meanwhile is
 * dropped rather than blocking every later batch.
 */
export async function writeUsageBatch(db: Db, rows: UsageRow[], lastUsed: Map<string, number>) {
  try {
    await writeAll(db, rows, lastUsed);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const ids = [...new Set(rows.map((row) => row.userId))];
    const existing = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    const known = new Set(existing.map((user) => user.id));
    await writeAll(
      db,
      rows.filter((row) => known.has(row.userId)),
      lastUsed,
    );
  }
}

async function writeAll(db: Db, rows: UsageRow[], lastUsed: Map<string, number>) {
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await tx
        .insert(usageDaily)
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [
            usageDaily.userId,
            usageDaily.projectId,
            usageDaily.keyId,
            usageDaily.day,
            usageDaily.status,
          ],
          set: { count: sql`${usageDaily.count} + excluded.count` },
        });
    }
    if (lastUsed.size === 0) return;
    const values = [...lastUsed].map(
      ([keyId, at]) => sql`(${keyId}::uuid, ${new Date(at).toISOString()}::timestamptz)`,
    );
    await tx.execute(sql`
      update ${apiKeys} set last_used_at = used.at
      from (values ${sql.join(values, sql`, `)}) as used(id, at)
      where ${apiKeys.id} = used.id and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < used.at)`);
  });
}

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
