/**
 * What every upstream data source reports about itself, read by the public status endpoint.
 * A source registers once (its name, which API it feeds, how often it should succeed) and then
 * records each success and failure; the circuit state comes from its breaker, when it has one.
 * The public status shows neither circuits nor errors: circuit changes are logged here, with the last error.
 */
export type CircuitState = 'closed' | 'open' | 'half-open';

/** The part of a pino/Fastify logger the registry uses. */
export type SourceHealthLog = {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
};

const CIRCUIT_MESSAGES: Record<CircuitState, string> = {
  open: 'data source circuit opened: requests to it are suspended',
  'half-open': 'data source circuit half-open: trying it again',
  closed: 'data source circuit closed: back to normal',
};

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

  readonly #log: SourceHealthLog | undefined;

  constructor(log?: SourceHealthLog) {
    this.#log = log;
  }

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
    const source = this.#get(name);
    if (source.circuit === circuit) return;
    source.circuit = circuit;
    const fields = { source: name, api: source.api, circuit, lastError: source.lastError };
    if (circuit === 'open') this.#log?.warn(fields, CIRCUIT_MESSAGES[circuit]);
    else this.#log?.info(fields, CIRCUIT_MESSAGES[circuit]);
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
