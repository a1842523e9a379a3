import type { SourceHealthRegistry } from '../../../lib/source-health.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
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
export const CEP_SOURCE_CADENCE_MS = 24 * 60 * 60 * 1000;

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
    const breaker = new CircuitBreaker({
      failureThreshold: options.failureThreshold,
      cooldownMs: options.cooldownMs,
      onStateChange: (state) => options.health.setCircuit(provider.name, state),
    });
    return { provider, breaker };
  });

  return {
    lookup(cep) {
      const racing = members.filter((member) => member.breaker.tryAcquire());
      if (racing.length === 0) return Promise.resolve({ kind: 'unavailable' });
      const raceOver = new AbortController();
      let pending = racing.length;
      let sawNotFound = false;

      return new Promise<UpstreamResult>((resolve) => {
        const settleOne = () => {
          pending -= 1;
          if (pending === 0) resolve(sawNotFound ? { kind: 'not_found' } : { kind: 'unavailable' });
        };
        for (const { provider, breaker } of racing) {
          const signal = AbortSignal.any([raceOver.signal, AbortSignal.timeout(options.timeoutMs)]);
          provider.lookup(cep, signal).then(
            (outcome) => {
              breaker.recordSuccess();
              options.health.recordSuccess(provider.name);
              if (outcome.kind === 'found' && !raceOver.signal.aborted) {
                raceOver.abort();
                resolve({ kind: 'found', provider: provider.name, address: outcome.address });
              }
              if (outcome.kind === 'not_found') sawNotFound = true;
              settleOne();
            },
            (error: Error) => {
              if (raceOver.signal.aborted) {
                breaker.recordCancelled();
              } else {
                breaker.recordFailure();
                const reason =
                  error.name === 'TimeoutError' ? `timeout after ${options.timeoutMs} ms` : error.message;
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
