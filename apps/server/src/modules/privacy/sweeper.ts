import { type PeriodicSweeper, startPeriodicSweeper } from '#server/lib/periodic-sweeper.ts';
import { anonymiseDueAccounts } from './anonymise.ts';
import { prepareDataExports, purgeExpiredExports } from './export-worker.ts';
import type { PrivacyDeps } from './privacy-deps.ts';

/** One pass: pending exports prepared, expired files dropped, due closures anonymised; `wake` after a request. */
export type PrivacySweeper = PeriodicSweeper;

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
  return startPeriodicSweeper({
    pass: () => sweepPrivacy(deps),
    intervalMs: deps.config.PRIVACY_SWEEP_INTERVAL_MS,
    log: deps.log,
    name: 'privacy',
  });
}
