import { usesQuota } from '@cotacep/shared/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createHourlyPruner } from './hourly-pruner.ts';
import { hourStart } from './period.ts';
import { type UsageRow, writeUsageBatch } from './write-batch.ts';

export type UsageMeter = {
  /** Counts one answered request in its UTC day and (from `now`) hour; nothing touches the database here. */
  record(
    organizationId: string,
    projectId: string,
    keyId: string,
    day: string,
    status: number,
    now: number,
  ): void;
  /** Writes what was counted so far as one batch; false when the database refused (the batch is kept). */
  flush(): Promise<boolean>;
  /** Quota use (2xx and 304 answers) of an account's month (`YYYY-MM`) counted here but not yet written. */
  unflushedQuotaUse(organizationId: string, month: string): number;
  /** When the last flush left nothing unwritten (ms), null before the first. */
  lastFlushedAt(): number | null;
  start(): void;
  /** Stops the timer and writes everything left, retrying a few times; false when some could not be. */
  stop(): Promise<boolean>;
};

type MeterOptions = { db: Db; log: FastifyBaseLogger; intervalMs: number; stopAttempts?: number };

/**
 * Usage counted per (account, project, key, UTC day, UTC hour, status) in memory and flushed in batches,
 * one upsert per table and batch, at least every `intervalMs`. A batch the database refuses goes back into the
 * counts and is written with the next one, so a database hiccup loses nothing.
 */
export function createUsageMeter({ db, log, intervalMs, stopAttempts = 5 }: MeterOptions): UsageMeter {
  let pending = new Map<string, UsageRow>();
  let lastUsed = new Map<string, number>();
  let writing: { rows: Map<string, UsageRow>; done: Promise<boolean> } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let flushedAt: number | null = null;
  const pruneHourly = createHourlyPruner(db, log);

  function addRow(into: Map<string, UsageRow>, key: string, row: UsageRow) {
    const existing = into.get(key);
    if (existing) existing.count += row.count;
    else into.set(key, { ...row });
  }

  async function writeTaken(rows: Map<string, UsageRow>, used: Map<string, number>): Promise<boolean> {
    try {
      await writeUsageBatch(db, [...rows.values()], used);
      return true;
    } catch (error) {
      for (const [key, row] of rows) addRow(pending, key, row);
      for (const [keyId, at] of used) if ((lastUsed.get(keyId) ?? 0) < at) lastUsed.set(keyId, at);
      log.warn({ err: error, rows: rows.size }, 'usage flush failed; the batch is kept and retried');
      return false;
    }
  }

  const meter: UsageMeter = {
    record(organizationId, projectId, keyId, day, status, now) {
      const hour = hourStart(now);
      const key = `${keyId}|${projectId}|${day}|${hour}|${status}`;
      const row = pending.get(key);
      if (row) row.count += 1;
      else pending.set(key, { organizationId, projectId, keyId, day, status, count: 1, hour });
      if ((lastUsed.get(keyId) ?? 0) < now) lastUsed.set(keyId, now);
    },

    async flush() {
      while (writing) await writing.done;
      if (pending.size === 0 && lastUsed.size === 0) {
        flushedAt = Date.now();
        return true;
      }
      const rows = pending;
      const used = lastUsed;
      pending = new Map();
      lastUsed = new Map();
      const takenAt = Date.now();
      const requests = [...rows.values()].reduce((sum, row) => sum + row.count, 0);
      log.debug({ takenAt, requests }, 'usage batch taken');
      const done = writeTaken(rows, used);
      writing = { rows, done };
      let written = false;
      try {
        written = await done;
      } finally {
        writing = null;
      }
      if (written) {
        flushedAt = Date.now();
        log.debug({ takenAt, requests, ms: Date.now() - takenAt }, 'usage batch written');
        await pruneHourly();
      }
      return written;
    },

    lastFlushedAt: () => flushedAt,

    unflushedQuotaUse(organizationId, month) {
      let total = 0;
      const sources = writing ? [pending, writing.rows] : [pending];
      for (const rows of sources) {
        for (const row of rows.values()) {
          if (row.organizationId === organizationId && row.day.startsWith(month) && usesQuota(row.status))
            total += row.count;
        }
      }
      return total;
    },

    start() {
      if (timer) return;
      timer = setInterval(() => void meter.flush(), intervalMs);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      for (let attempt = 1; attempt <= stopAttempts; attempt++) {
        if (await meter.flush()) return true;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
      const lost = [...pending.values()].reduce((sum, row) => sum + row.count, 0);
      log.error({ requests: lost }, 'usage could not be written before shutdown');
      return false;
    },
  };
  return meter;
}
