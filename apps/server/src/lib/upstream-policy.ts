import {
  CircuitState as BreakerState,
  BrokenCircuitError,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
} from 'cockatiel';
import type { CircuitState } from './source-health.ts';
import { UpstreamError } from './upstream-error.ts';

export type UpstreamPolicyOptions = {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before letting one trial call through. */
  cooldownMs: number;
  /** A deadline for each call; it then fails as an UpstreamError of kind `timeout`. */
  timeoutMs?: number;
  onStateChange?: (state: CircuitState) => void;
};

export type UpstreamPolicy = {
  readonly state: CircuitState;
  /**
   * Runs one call to the upstream through the breaker (decision 021). Refuses at once with a
   * circuit-open error (see `isCircuitOpen`) while open or while the half-open trial is running.
   * A call abandoned through the caller's `signal` counts as neither a success nor a failure.
   */
  execute<T>(call: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T>;
};

/** The caller gave up (another provider answered first): that proves nothing about the upstream. */
class CallAbandoned extends Error {
  override name = 'CallAbandoned';
}

export function isCircuitOpen(error: unknown): boolean {
  return error instanceof BrokenCircuitError;
}

/** One breaker per upstream: closed, open for the cool-down after N failures in a row, then one trial. */
export function createUpstreamPolicy(options: UpstreamPolicyOptions): UpstreamPolicy {
  const breaker = circuitBreaker(
    handleWhen((error) => !(error instanceof CallAbandoned)),
    { halfOpenAfter: options.cooldownMs, breaker: new ConsecutiveBreaker(options.failureThreshold) },
  );
  breaker.onStateChange((state) => options.onStateChange?.(toCircuitState(state)));
  const deadline =
    options.timeoutMs === undefined ? undefined : timeout(options.timeoutMs, TimeoutStrategy.Aggressive);

  return {
    get state() {
      return toCircuitState(breaker.state);
    },
    async execute(call, signal) {
      // Cockatiel queues callers behind a half-open trial; a caller of an upstream would rather skip it.
      if (breaker.state === BreakerState.HalfOpen) throw new BrokenCircuitError();
      return breaker.execute(async ({ signal: callSignal }) => {
        try {
          if (!deadline) return await call(callSignal);
          return await deadline.execute(({ signal: timedSignal }) => call(timedSignal), callSignal);
        } catch (error) {
          if (signal?.aborted) throw new CallAbandoned('abandoned by the caller', { cause: error });
          if (error instanceof TaskCancelledError) throw new UpstreamError('timeout');
          throw error;
        }
      }, signal);
    },
  };
}

function toCircuitState(state: BreakerState): CircuitState {
  if (state === BreakerState.Closed) return 'closed';
  if (state === BreakerState.HalfOpen) return 'half-open';
  return 'open';
}
