import type { CircuitState } from '../../../lib/source-health.ts';

export type CircuitBreakerOptions = {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before letting one trial call through. */
  cooldownMs: number;
  onStateChange?: (state: CircuitState) => void;
  now?: () => number;
};

/**
 * Closed: calls pass, consecutive failures are counted. Open: calls are refused until the cool-down
 * ends. Half-open: exactly one trial call passes; its success closes the circuit, its failure reopens it.
 */
export class CircuitBreaker {
  #state: CircuitState = 'closed';
  #failures = 0;
  #openedAt = 0;
  #isTrialRunning = false;
  readonly #now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.#now = options.now ?? Date.now;
  }

  get state(): CircuitState {
    return this.#state;
  }

  /** Asks to make a call; true means go ahead and report the outcome. */
  tryAcquire(): boolean {
    if (this.#state === 'closed') return true;
    if (this.#state === 'open') {
      if (this.#now() - this.#openedAt < this.options.cooldownMs) return false;
      this.#transition('half-open');
    }
    if (this.#isTrialRunning) return false;
    this.#isTrialRunning = true;
    return true;
  }

  recordSuccess(): void {
    this.#failures = 0;
    this.#isTrialRunning = false;
    this.#transition('closed');
  }

  recordFailure(): void {
    this.#isTrialRunning = false;
    this.#failures += 1;
    if (this.#state === 'half-open' || this.#failures >= this.options.failureThreshold) {
      this.#openedAt = this.#now();
      this.#transition('open');
    }
  }

  /** The call was abandoned (another provider answered first): it proved nothing either way. */
  recordCancelled(): void {
    this.#isTrialRunning = false;
  }

  #transition(state: CircuitState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.options.onStateChange?.(state);
  }
}
