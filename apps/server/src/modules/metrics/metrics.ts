import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { SourceHealthRegistry } from '../../lib/source-health.ts';
import type { GatewayOutcomes } from '../gateway/gateway.ts';
import type { Metering } from '../usage/metering.ts';

/** Circuit states as one gauge value each, so a dashboard can plot them and alert on 2. */
const CIRCUIT_VALUES = { closed: 0, 'half-open': 1, open: 2 } as const;

/** Seconds: from a cached answer (a millisecond) to an upstream's timeout. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The app's Prometheus metrics, in a registry of its own (several apps can live in one test process):
 * HTTP requests and latencies by route and status, the gateway's admissions and refusals by reason, the
 * metering's flush lag, each upstream's circuit, and Node's own (event-loop delay among them).
 */
export function createMetrics({ now = Date.now }: { now?: () => number } = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'cotacep_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'cotacep_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const admissions = new Counter({
    name: 'cotacep_gateway_admissions_total',
    help: 'Public API requests the gateway let through, keyed or anonymous',
    labelNames: ['kind'] as const,
    registers,
  });
  const refusals = new Counter({
    name: 'cotacep_gateway_refusals_total',
    help: 'Public API requests the gateway refused, by reason (its error code)',
    labelNames: ['reason'] as const,
    registers,
  });

  let meter: Metering | null = null;
  const startedAt = now();
  new Gauge({
    name: 'cotacep_metering_flush_lag_seconds',
    help: 'Seconds since counted usage was last written to the database with nothing left behind',
    registers,
    collect() {
      if (meter) this.set((now() - (meter.lastFlushedAt() ?? startedAt)) / 1000);
    },
  });

  let sources: SourceHealthRegistry | null = null;
  new Gauge({
    name: 'cotacep_upstream_circuit_state',
    help: 'Circuit breaker of each upstream data source: 0 closed, 1 half-open, 2 open',
    labelNames: ['source', 'api'] as const,
    registers,
    collect() {
      this.reset();
      for (const source of sources?.list() ?? []) {
        this.set({ source: source.name, api: source.api }, CIRCUIT_VALUES[source.circuit]);
      }
    },
  });

  const outcomes: GatewayOutcomes = {
    admitted: (kind) => admissions.inc({ kind }),
    refused: (reason) => refusals.inc({ reason }),
  };

  return {
    registry,
    outcomes,
    /** One answered request; `route` is the route's pattern (never the URL: no ids, no tokens). */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    watch(options: { meter: Metering; sources: SourceHealthRegistry }) {
      meter = options.meter;
      sources = options.sources;
    },
  };
}
