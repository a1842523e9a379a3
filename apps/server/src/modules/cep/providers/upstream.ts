import type { SourceHealthRegistry } from '#server/lib/source-health.ts';
import { DAY_MS } from '#server/lib/time.ts';
import { UpstreamError } from '#server/lib/upstream-error.ts';
import { createUpstreamPolicy, isCircuitOpen } from '#server/lib/upstream-policy.ts';
import type { CepProvider, ProviderName, UpstreamAddress } from './provider.ts';

export type UpstreamResult =
  | { kind: 'found'; provider: ProviderName; address: UpstreamAddress }
  | { kind: 'not_found' }
  /** No provider could give a definite answer (all failed, timed out, or their circuits are open). */
  | { kind: 'unavailable' };

export type UpstreamOptions = {
  providers: CepProvider[];
  timeoutMs: number;
  failureThreshold: number;
  cooldownMs: number;
  health: SourceHealthRegistry;
};

/** On-demand sources: stale only while their last answer was a failure; the cadence is informative. */
export const CEP_SOURCE_CADENCE_MS = DAY_MS;

export type Upstream = { lookup(cep: string): Promise<UpstreamResult> };

/**
 * Races every provider whose circuit lets it through, each with its own timeout. The first "found"
 * wins and cancels the rest; otherwise the answer is "not found" if any provider said so definitely.
 */
export function createUpstream(options: UpstreamOptions): Upstream {
  const members = options.providers.map((provider) => {
    options.health.register({
      name: provider.name,
      api: 'cep',
      cadenceMs: CEP_SOURCE_CADENCE_MS,
      onDemand: true,
    });
    const policy = createUpstreamPolicy({
      failureThreshold: options.failureThreshold,
      cooldownMs: options.cooldownMs,
      timeoutMs: options.timeoutMs,
      onStateChange: (state) => options.health.setCircuit(provider.name, state),
    });
    return { provider, policy };
  });

  return {
    lookup(cep) {
      const raceOver = new AbortController();
      let pending = members.length;
      let sawNotFound = false;

      return new Promise<UpstreamResult>((resolve) => {
        const settleOne = () => {
          pending -= 1;
          if (pending === 0) resolve(sawNotFound ? { kind: 'not_found' } : { kind: 'unavailable' });
        };
        for (const { provider, policy } of members) {
          policy
            .execute((signal) => provider.lookup(cep, signal), raceOver.signal)
            .then(
              (outcome) => {
                options.health.recordSuccess(provider.name);
                if (outcome.kind === 'found' && !raceOver.signal.aborted) {
                  raceOver.abort();
                  resolve({ kind: 'found', provider: provider.name, address: outcome.address });
                }
                if (outcome.kind === 'not_found') sawNotFound = true;
                settleOne();
              },
              (error: Error) => {
                // Skipped (circuit open) or abandoned (the race was won): neither says anything new.
                if (!raceOver.signal.aborted && !isCircuitOpen(error)) {
                  const isTimeout = error instanceof UpstreamError && error.kind === 'timeout';
                  const reason = isTimeout ? `timeout after ${options.timeoutMs} ms` : error.message;
                  options.health.recordFailure(provider.name, reason);
                }
                settleOne();
              },
            );
        }
      });
    },
  };
}
