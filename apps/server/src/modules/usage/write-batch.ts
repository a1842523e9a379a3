import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';
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

type MonthRow = Omit<UsageRow, 'day'> & { month: string };

/**
 * One transaction: the counts as one `INSERT … ON CONFLICT DO UPDATE` (adding to the stored counts) into
 * `usage_daily` and, summed per month, into `usage_monthly`, then the keys' last-used times, which only
 * move forward. Usage of an account deleted meanwhile is dropped rather than blocking every later batch.
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

const rowKey = (row: Omit<UsageRow, 'day'>, period: string) =>
  `${row.userId}|${row.projectId}|${row.keyId}|${period}|${row.status}`;

/** Rows in one order on every instance: two flushes updating the same rows then never deadlock. */
function sorted<T>(rows: [key: string, row: T][]): T[] {
  return rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/**
 * The batch's rows summed per (account, project, key, month, status): one statement may not update a row
 * twice, and a batch can hold several days of one month (a flush across midnight, the demo's history).
 */
function byMonth(rows: UsageRow[]): MonthRow[] {
  const months = new Map<string, MonthRow>();
  for (const { day, ...row } of rows) {
    const month = `${day.slice(0, 7)}-01`;
    const key = rowKey(row, month);
    const existing = months.get(key);
    if (existing) existing.count += row.count;
    else months.set(key, { ...row, month });
  }
  return sorted([...months]);
}

async function writeAll(db: Db, batch: UsageRow[], lastUsed: Map<string, number>) {
  const rows = sorted(batch.map((row): [string, UsageRow] => [rowKey(row, row.day), row]));
  const monthRows = byMonth(rows);
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
    for (let start = 0; start < monthRows.length; start += ROWS_PER_STATEMENT) {
      await tx
        .insert(usageMonthly)
        .values(monthRows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [
            usageMonthly.userId,
            usageMonthly.month,
            usageMonthly.projectId,
            usageMonthly.keyId,
            usageMonthly.status,
          ],
          set: { count: sql`${usageMonthly.count} + excluded.count` },
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
