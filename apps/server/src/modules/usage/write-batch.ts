import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { usageDaily } from '../../db/schema/usage-daily.ts';
import { usageFlushes } from '../../db/schema/usage-flushes.ts';
import { usageHourly } from '../../db/schema/usage-hourly.ts';
import { usageMonthly } from '../../db/schema/usage-monthly.ts';

export type UsageRow = {
  organizationId: string;
  projectId: string;
  keyId: string;
  day: string;
  status: number;
  count: number;
  /** The UTC hour's start (ms) when the meter counted it; rows without one skip `usage_hourly`. */
  hour?: number;
};

/** Six parameters a row; PostgreSQL takes at most 65,535 in one statement. */
const ROWS_PER_STATEMENT = 5_000;
const FOREIGN_KEY_VIOLATION = '23503';

type Counted = Omit<UsageRow, 'day' | 'hour'>;
type DayRow = Counted & { day: string };
type MonthRow = Counted & { month: string };
type HourRow = Counted & { hour: string };

/**
 * One transaction: the counts as one `INSERT … ON CONFLICT DO UPDATE` (adding to the stored counts) into
 * `usage_daily`, summed per month into `usage_monthly` and per hour into `usage_hourly`, then the keys'
 * last-used times, which only move forward. Usage of an account deleted meanwhile is dropped rather than
 * blocking every later batch. A batch with a `flushId` (moved out of Redis, decision 018) records it in the
 * same transaction; one whose id is already there was written before and adds nothing.
 */
export async function writeUsageBatch(
  db: Db,
  rows: UsageRow[],
  lastUsed: Map<string, number>,
  flushId?: string,
) {
  try {
    await writeAll(db, rows, lastUsed, flushId);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const ids = [...new Set(rows.map((row) => row.organizationId))];
    const existing = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(inArray(organizations.id, ids));
    const known = new Set(existing.map((user) => user.id));
    await writeAll(
      db,
      rows.filter((row) => known.has(row.organizationId)),
      lastUsed,
      flushId,
    );
  }
}

const rowKey = (row: Counted, period: string) =>
  `${row.organizationId}|${row.projectId}|${row.keyId}|${period}|${row.status}`;

/**
 * The batch's rows summed per (account, project, key, period, status) and sorted, so rows go in one order
 * on every instance (two flushes updating the same rows never deadlock) and one statement never updates a
 * row twice (the meter counts per hour, a batch can hold several days of a month).
 */
function rollUp<T extends Counted>(
  rows: UsageRow[],
  periodOf: (row: UsageRow) => string | null,
  make: (row: Counted, period: string) => T,
): T[] {
  const rolled = new Map<string, T>();
  for (const row of rows) {
    const period = periodOf(row);
    if (period === null) continue;
    const key = rowKey(row, period);
    const existing = rolled.get(key);
    if (existing) existing.count += row.count;
    else rolled.set(key, make(row, period));
  }
  return [...rolled].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

const counted = ({ organizationId, projectId, keyId, status, count }: Counted): Counted => ({
  organizationId,
  projectId,
  keyId,
  status,
  count,
});

function chunks<T>(rows: T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    parts.push(rows.slice(start, start + ROWS_PER_STATEMENT));
  }
  return parts;
}

async function writeAll(db: Db, batch: UsageRow[], lastUsed: Map<string, number>, flushId?: string) {
  const dayRows = rollUp(
    batch,
    (row) => row.day,
    (row, day): DayRow => ({ ...counted(row), day }),
  );
  const monthRows = rollUp(
    batch,
    (row) => `${row.day.slice(0, 7)}-01`,
    (row, month): MonthRow => ({ ...counted(row), month }),
  );
  const hourRows = rollUp(
    batch,
    (row) => (row.hour === undefined ? null : new Date(row.hour).toISOString()),
    (row, hour): HourRow => ({ ...counted(row), hour }),
  );
  await db.transaction(async (tx) => {
    if (flushId !== undefined) {
      const recorded = await tx
        .insert(usageFlushes)
        .values({ id: flushId })
        .onConflictDoNothing()
        .returning({ id: usageFlushes.id });
      if (recorded.length === 0) return;
    }
    for (const part of chunks(dayRows)) {
      await tx
        .insert(usageDaily)
        .values(part)
        .onConflictDoUpdate({
          target: [
            usageDaily.organizationId,
            usageDaily.projectId,
            usageDaily.keyId,
            usageDaily.day,
            usageDaily.status,
          ],
          set: { count: sql`${usageDaily.count} + excluded.count` },
        });
    }
    for (const part of chunks(monthRows)) {
      await tx
        .insert(usageMonthly)
        .values(part)
        .onConflictDoUpdate({
          target: [
            usageMonthly.organizationId,
            usageMonthly.month,
            usageMonthly.projectId,
            usageMonthly.keyId,
            usageMonthly.status,
          ],
          set: { count: sql`${usageMonthly.count} + excluded.count` },
        });
    }
    for (const part of chunks(hourRows)) {
      await tx
        .insert(usageHourly)
        .values(part)
        .onConflictDoUpdate({
          target: [
            usageHourly.organizationId,
            usageHourly.hour,
            usageHourly.projectId,
            usageHourly.keyId,
            usageHourly.status,
          ],
          set: { count: sql`${usageHourly.count} + excluded.count` },
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

/** Hourly rows and written batch ids older than `before` (ms): what the last 24 h need, and a margin. */
export async function deleteHourlyUsageBefore(db: Db, before: number): Promise<void> {
  await db.delete(usageHourly).where(lt(usageHourly.hour, new Date(before).toISOString()));
  await db.delete(usageFlushes).where(lt(usageFlushes.flushedAt, new Date(before)));
}

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
