import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createUsageMeter } from './meter.ts';
import { markMeterRunning, markMeterStopped } from './meter-state.ts';
import type { Metering } from './metering.ts';
import { getMonthQuotaUse } from './month-usage.ts';
import { utcMonth } from './period.ts';

/** The part of the gateway's counters the meter needs: a unit given back when an answer uses no quota. */
export type QuotaRelease = { release(accountId: string, month: string): void };

type LocalMeteringOptions = { db: Db; log: FastifyBaseLogger; counters: QuotaRelease; intervalMs: number };

/**
 * The most requests one account can be admitted in the window a crash (or, with Redis, a Redis that lost its
 * data) leaves unwritten: the batch being written and the one being counted, two flush intervals. Rate windows are clock minutes, so a span of
 * `2 × interval` touches at most `1 + ⌈2 × interval / 1 min⌉` of them, each admitting at most the rate.
 */
export function crashMargin(ratePerMinute: number, intervalMs: number): number {
  return ratePerMinute * (1 + Math.ceil((2 * intervalMs) / 60_000));
}

/**
 * Without Redis (decision 018): answers counted in process and written in batches (`meter.ts`). A kill -9
 * loses what was not written yet, so after one (the meter found marked running at start) a cold quota
 * counter of the month the process started in adds `crashMargin` to what the database holds: requests
 * the crash made the database forget are not handed back as free quota.
 */
export function createLocalMetering({ db, log, counters, intervalMs }: LocalMeteringOptions): Metering {
  const meter = createUsageMeter({ db, log, intervalMs });
  let crashedMonth: string | null = null;
  return {
    kind: 'local',
    settle({ organizationId, projectId, keyId, day, month, status, now, releasesUnit }) {
      meter.record(organizationId, projectId, keyId, day, status, now);
      if (releasesUnit) counters.release(organizationId, month);
    },
    flush: () => meter.flush(),
    lastFlushedAt: () => meter.lastFlushedAt(),
    async monthQuotaUse(organizationId, month, ratePerMinute) {
      const stored = await getMonthQuotaUse(db, organizationId, month);
      const margin = month === crashedMonth ? crashMargin(ratePerMinute, intervalMs) : 0;
      return stored + meter.unflushedQuotaUse(organizationId, month) + margin;
    },
    async start() {
      const now = Date.now();
      if (await markMeterRunning(db, now)) {
        crashedMonth = utcMonth(now);
        log.warn('the last run stopped without writing its usage: cold quota counters start with a margin');
      }
      meter.start();
    },
    async stop() {
      if (!(await meter.stop())) return;
      try {
        await markMeterStopped(db, Date.now());
      } catch (error) {
        log.warn({ err: error }, 'usage meter could not be marked stopped');
      }
    },
  };
}
