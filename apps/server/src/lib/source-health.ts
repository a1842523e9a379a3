/**
 * What every upstream data source reports about itself, read by the public status endpoint.
 * A source registers once (its name, which API it feeds, how often it should succeed) and then
 * records each success and failure; the circuit state comes from its breaker, when it has one.
 */
export type CircuitState = 'closed' | 'open' | 'half-open';

export type SourceHealth = {
  name: string;
  api: 'quotes' | 'cep';
  /** How often fresh data is expected; older than this since the last success means stale. */
  cadenceMs: number;
  /**
   * Asked only when a request needs it (the CEP providers): never asked is not stale, and it is stale
   * only while its last answer was a failure.
   */
  onDemand: boolean;
  /** A last resort (the bundled dataset): listed, but its age alone never makes the API degraded. */
  isFallback: boolean;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastError: string | null;
  circuit: CircuitState;
};

export class SourceHealthRegistry {
  readonly #sources = new Map<string, SourceHealth>();

  register(
    source: Pick<SourceHealth, 'name' | 'api' | 'cadenceMs'> &
      Partial<Pick<SourceHealth, 'onDemand' | 'isFallback'>>,
  ): void {
    if (this.#sources.has(source.name)) return;
    this.#sources.set(source.name, {
      onDemand: false,
      isFallback: false,
      ...source,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
      circuit: 'closed',
    });
  }

  recordSuccess(name: string, at = new Date()): void {
    const source = this.#get(name);
    source.lastSuccessAt = at;
  }

  recordFailure(name: string, error: string, at = new Date()): void {
    const source = this.#get(name);
    source.lastFailureAt = at;
    source.lastError = error;
  }

  setCircuit(name: string, circuit: CircuitState): void {
    this.#get(name).circuit = circuit;
  }

  list(now = new Date()): (SourceHealth & { isStale: boolean; ageMs: number | null })[] {
    return [...this.#sources.values()].map((source) => {
      const ageMs = source.lastSuccessAt ? now.getTime() - source.lastSuccessAt.getTime() : null;
      return { ...source, ageMs, isStale: isStale(source, ageMs) };
    });
  }

  #get(name: string): SourceHealth {
    const source = this.#sources.get(name);
    if (!source) throw new Error(`source ${name} is not registered`);
    return source;
  }
}

function isStale(source: SourceHealth, ageMs: number | null): boolean {
  if (!source.onDemand) return ageMs === null || ageMs > source.cadenceMs;
  const { lastSuccessAt, lastFailureAt } = source;
  return lastFailureAt !== null && (lastSuccessAt === null || lastFailureAt > lastSuccessAt);
}
