import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { DAY_MS, HOUR_MS } from '../../lib/time.ts';
import { pruneAuditLog } from './retention.ts';

export type AuditRetentionSweeper = { sweep(): Promise<number>; stop(): Promise<void> };

/** Often enough that nothing outlives its retention by more than a few hours. */
export const AUDIT_RETENTION_SWEEP_MS = 6 * HOUR_MS;

/**
 * Removes the entries older than `retentionDays` now and then. Safe on many instances at once: each chain's
 * head is locked while its start moves, and a second sweep finds nothing left to remove.
 */
export function startAuditRetention(options: {
  db: Db;
  retentionDays: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  intervalMs?: number;
  now?: () => number;
}): AuditRetentionSweeper {
  const { db, retentionDays, log, intervalMs = AUDIT_RETENTION_SWEEP_MS, now = Date.now } = options;
  let running: Promise<number> | null = null;
  const sweep = () => {
    running ??= pruneAuditLog(db, new Date(now() - retentionDays * DAY_MS))
      .then((removed) => {
        if (removed > 0) log.info({ removed, retentionDays }, 'audit entries past their retention removed');
        return removed;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'audit retention sweep failed; retried next time');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
