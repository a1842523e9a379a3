import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { CircuitState, SourceHealthRegistry } from '../../lib/source-health.ts';
import { UpstreamError } from '../../lib/upstream-error.ts';
import {
  createUpstreamPolicy,
  isCircuitOpen,
  type UpstreamPolicy,
  type UpstreamPolicyOptions,
} from '../../lib/upstream-policy.ts';
import type { QuoteBook } from './book.ts';
import type { QuoteSource } from './sources/quote-source.ts';
import { saveObservations } from './store.ts';
import type { Observation } from './types.ts';

export type RunResult =
  | { status: 'ok'; observations: number; changed: number }
  | { status: 'skipped'; reason: 'circuit-open' | 'running' }
  | { status: 'failed'; error: string };

export type IngesterOptions = {
  book: QuoteBook;
  db: Db;
  health: SourceHealthRegistry;
  sources: readonly QuoteSource[];
  breaker: Pick<UpstreamPolicyOptions, 'failureThreshold' | 'cooldownMs'>;
  log: FastifyBaseLogger;
  now?: () => number;
};

/**
 * Polls each live source on its own interval: fetch, store in PostgreSQL, then merge into the book
 * the API answers from. A failing source is reported on the status page and its circuit opens; the
 * book keeps serving what it has.
 */
export class QuoteIngester {
  readonly #policies = new Map<string, UpstreamPolicy>();
  readonly #running = new Map<string, Promise<RunResult>>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #failing = new Set<string>();
  readonly #now: () => number;

  constructor(readonly options: IngesterOptions) {
    this.#now = options.now ?? Date.now;
    for (const source of options.sources) {
      options.health.register({ name: source.name, api: 'quotes', cadenceMs: source.cadenceMs });
      const onStateChange = (state: CircuitState) => options.health.setCircuit(source.name, state);
      this.#policies.set(source.name, createUpstreamPolicy({ ...options.breaker, onStateChange }));
    }
  }

  /** Runs one source now; concurrent calls for the same source share the run in flight. */
  run(name: string): Promise<RunResult> {
    const inFlight = this.#running.get(name);
    if (inFlight) return inFlight;
    const run = this.#run(name).finally(() => this.#running.delete(name));
    this.#running.set(name, run);
    return run;
  }

  async runAll(): Promise<Record<string, RunResult>> {
    const results = await Promise.all(
      this.options.sources.map(async (source) => [source.name, await this.run(source.name)]),
    );
    return Object.fromEntries(results);
  }

  start(): void {
    for (const source of this.options.sources) {
      void this.run(source.name);
      const timer = setInterval(() => void this.run(source.name), source.intervalMs);
      timer.unref();
      this.#timers.push(timer);
    }
  }

  /** Stops the timers and waits for runs in flight, so nothing writes after the database closes. */
  async stop(): Promise<void> {
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.#running.values()]);
  }

  async #run(name: string): Promise<RunResult> {
    const source = this.options.sources.find((candidate) => candidate.name === name);
    const policy = this.#policies.get(name);
    if (!source || !policy) throw new Error(`unknown quote source ${name}`);
    const { book, db, health, log } = this.options;
    let observations: Observation[];
    try {
      observations = await policy.execute(() => source.fetch({ book, now: this.#now() }));
    } catch (error) {
      if (isCircuitOpen(error)) return { status: 'skipped', reason: 'circuit-open' };
      return this.#failed(name, error);
    }
    // Memory first: a database hiccup must not keep fresh rates from the API.
    const changed = book.apply(observations);
    this.#failing.delete(name);
    const asOf = book.latestAsOf(source.feeds);
    if (asOf !== undefined) health.recordSuccess(name, new Date(asOf));
    try {
      await saveObservations(db, observations);
    } catch (error) {
      log.error({ err: error, source: name }, 'quotes could not be stored; serving them from memory');
    }
    log.debug({ source: name, observations: observations.length, changed }, 'quotes source ingested');
    return { status: 'ok', observations: observations.length, changed };
  }

  #failed(name: string, error: unknown): RunResult {
    const { health, log } = this.options;
    const message = error instanceof UpstreamError ? error.message : 'internal error';
    health.recordFailure(name, message, new Date(this.#now()));
    // Offline is an expected state: one warning when a source starts failing, then quiet.
    const isNew = !this.#failing.has(name);
    this.#failing.add(name);
    if (!(error instanceof UpstreamError))
      log.error({ err: error, source: name }, 'quotes source failed unexpectedly');
    else if (isNew)
      log.warn({ source: name, error: message }, 'quotes source failed; serving the data already held');
    else log.debug({ source: name, error: message }, 'quotes source still failing');
    return { status: 'failed', error: message };
  }
}
