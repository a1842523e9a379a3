import { anonymiseDueAccounts } from './anonymise.ts';
import { prepareDataExports, purgeExpiredExports } from './export-worker.ts';
import type { PrivacyDeps } from './privacy-deps.ts';

export type PrivacySweeper = {
  /** One pass: pending exports prepared, expired files dropped, due closures anonymised. */
  sweep(): Promise<void>;
  /** A pass as soon as possible (an export was just requested on this instance). */
  wake(): void;
  stop(): Promise<void>;
};

export async function sweepPrivacy(deps: PrivacyDeps): Promise<void> {
  await prepareDataExports(deps);
  await purgeExpiredExports(deps);
  await anonymiseDueAccounts(deps);
}

/**
 * The LGPD work off the request path, on every instance: each export is claimed by one worker only, each
 * closure anonymised once (see export-worker.ts and anonymise.ts). One pass at a time per instance.
 */
export function startPrivacySweeper(deps: PrivacyDeps): PrivacySweeper {
  let running: Promise<void> | null = null;
  let isStopped = false;
  const sweep = (): Promise<void> => {
    running ??= sweepPrivacy(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'privacy sweep failed; retried next time'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), deps.config.PRIVACY_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    sweep,
    wake() {
      if (isStopped) return;
      // A pass already running may have missed the new row: run again after it.
      if (running) void running.then(() => (isStopped ? undefined : sweep()));
      else void sweep();
    },
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
