import { type PeriodicSweeper, startPeriodicSweeper } from '#server/lib/periodic-sweeper.ts';
import type { NfseDeps } from './nfse-deps.ts';
import { runNfseWorker } from './worker.ts';

export type NfseSweeper = PeriodicSweeper;

/**
 * The NFS-e work off the request path, on every instance (decision 038): each nota is claimed by one worker
 * only (worker.ts). Every NFSE_SWEEP_INTERVAL_MS, and at once when a payment or a refund wakes it.
 */
export function startNfseSweeper(deps: NfseDeps): NfseSweeper {
  return startPeriodicSweeper({
    pass: () => runNfseWorker(deps),
    intervalMs: deps.config.NFSE_SWEEP_INTERVAL_MS,
    log: deps.log,
    name: 'NFS-e',
  });
}
