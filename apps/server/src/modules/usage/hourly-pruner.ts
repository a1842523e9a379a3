import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { hourStart } from './period.ts';
import { deleteHourlyUsageBefore } from './write-batch.ts';

/** How long hourly rows stay: the last 24 h need 24, the rest is margin for late flushes and clocks. */
const HOURLY_KEPT_MS = 48 * HOUR_MS;

/** After a successful flush, at most once an hour, rows past 48 h go; a failure only waits for the next hour. */
export function createHourlyPruner(db: Db, log: FastifyBaseLogger): () => Promise<void> {
  let prunedHour = 0;
  return async () => {
    const hour = hourStart(Date.now());
    if (hour === prunedHour) return;
    prunedHour = hour;
    try {
      await deleteHourlyUsageBefore(db, hour - HOURLY_KEPT_MS);
    } catch (error) {
      log.warn({ err: error }, 'old hourly usage could not be deleted');
    }
  };
}
