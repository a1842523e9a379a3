import type { CircuitState } from '../../lib/source-health.ts';

export type BreakerOptions = { failureThreshold: number; cooldownMs: number };

/**
 * Closed until `failureThreshold` failures in a row; then open, and every call is skipped until the
 * cool-down has passed; then half-open: one trial call closes it again or reopens it.
 */
export class CircuitBreaker {
  #failures = 0;
  #openedAt: number | null = null;

  constructor(readonly options: BreakerOptions) {}

  state(now = Date.now()): CircuitState {
    if (this.#openedAt === null) return 'closed';
    return now - this.#openedAt >= this.options.cooldownMs ? 'half-open' : 'open';
  }

  canRequest(now = Date.now()): boolean {
    return this.state(now) !== 'open';
  }

  onSuccess(): void {
    this.#failures = 0;
    this.#openedAt = null;
  }

  onFailure(now = Date.now()): void {
    this.#failures++;
    if (this.#openedAt !== null || this.#failures >= this.options.failureThreshold) this.#openedAt = now;
  }
}
