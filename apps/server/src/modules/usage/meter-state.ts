import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta } from '../../db/schema/app-meta.ts';

const STATE_KEY = 'usage_meter';

type MeterState = { running: boolean; since: string };

/**
 * Whether the in-process meter of the last run stopped cleanly (decision 018): marked running when it
 * starts and stopped once its last batch is written. Found running at start, the last run died with up to
 * one flush interval of usage unwritten. Returns true when it did.
 */
export async function markMeterRunning(db: Db, now: number): Promise<boolean> {
  const [previous] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, STATE_KEY));
  await writeState(db, { running: true, since: new Date(now).toISOString() });
  return (previous?.value as MeterState | undefined)?.running === true;
}

export async function markMeterStopped(db: Db, now: number): Promise<void> {
  await writeState(db, { running: false, since: new Date(now).toISOString() });
}

async function writeState(db: Db, value: MeterState) {
  await db
    .insert(appMeta)
    .values({ key: STATE_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}
