import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceHealthRegistry } from '../../lib/source-health.ts';
import { GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedKey } from '../../test/seed-key.ts';
import type { Metering } from '../usage/metering.ts';
import { createMetrics } from './metrics.ts';

const TOKEN = 'metrics-test-token-of-at-least-32-characters';
const QUOTE = '/quotes/json/last/USD-BRL';
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({
    env: { ...GATEWAY_TEST_ENV, METRICS_TOKEN: TOKEN, USAGE_FLUSH_INTERVAL_MS: '60000' },
  });
});
afterAll(() => test.close());

async function scrape(authorization = `Bearer ${TOKEN}`) {
  return test.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('nodejs_');
    } finally {
      await plain.close();
    }
  });

  it('answers 404, as for an unknown path, without the bearer token or with a wrong one', async () => {
    for (const authorization of ['', 'Bearer wrong', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, authorization).toBe(404);
      expect(response.json().code).toBe('NotFound');
    }
  });

  it('counts requests and latencies by method, route pattern and status', async () => {
    const before = (await scrape()).body;
    const series = 'cotacep_http_requests_total{method="GET",route="/healthz",status="200"}';
    for (let index = 0; index < 3; index++) await test.app.inject({ method: 'GET', url: '/healthz' });
    await test.app.inject({ method: 'GET', url: '/api/no-such-thing/8f14e45f' });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(sample(text, series)).toBe((sample(before, series) ?? 0) + 3);
    expect(
      sample(text, 'cotacep_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}'),
    ).toBeGreaterThanOrEqual(3);
    // An unknown path is one series, whatever the path: no URL, id or token becomes a label.
    expect(sample(text, 'cotacep_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('8f14e45f');
  });

  it("counts the gateway's admissions and refusals by reason, never a key", async () => {
    const key = await seedKey(test.database.db);
    await test.app.inject({ method: 'GET', url: QUOTE, headers: { 'x-api-key': key.secret } });
    await test.app.inject({ method: 'GET', url: QUOTE, headers: { 'x-api-key': key.secret } });
    const unknown = `${key.secret.slice(0, -4)}zzzz`;
    await test.app.inject({ method: 'GET', url: `${QUOTE}?token=${unknown}` });
    await test.app.inject({ method: 'GET', url: QUOTE, headers: { 'x-api-key': 'not a key' } });
    const text = (await scrape()).body;
    expect(sample(text, 'cotacep_gateway_admissions_total{kind="keyed"}')).toBe(2);
    expect(sample(text, 'cotacep_gateway_refusals_total{reason="invalid_token"}')).toBe(2);
    expect(text).toContain('route="/quotes/json/last/:');
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain(unknown);
    expect(text).not.toContain('USD-BRL');
  });

  it("reports the metering's flush lag, each upstream's circuit and the event-loop delay", async () => {
    const text = (await scrape()).body;
    // The flush interval is a minute here: nothing has been flushed yet, so the lag is the app's age.
    expect(sample(text, 'cotacep_metering_flush_lag_seconds')).toBeGreaterThan(0);
    expect(text).toMatch(/^cotacep_upstream_circuit_state\{source="[^"]+",api="(quotes|cep)"\} 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });
});

describe('createMetrics', () => {
  it('reads the circuits and the last flush when scraped', async () => {
    let now = 1_000_000;
    const metrics = createMetrics({ now: () => now });
    const sources = new SourceHealthRegistry();
    sources.register({ name: 'viacep', api: 'cep', cadenceMs: 60_000, onDemand: true });
    sources.register({ name: 'awesomeapi', api: 'quotes', cadenceMs: 60_000 });
    let flushedAt: number | null = null;
    const meter = { lastFlushedAt: () => flushedAt } as Metering;
    metrics.watch({ meter, sources });

    now += 4_000;
    let text = await metrics.registry.metrics();
    expect(sample(text, 'cotacep_metering_flush_lag_seconds')).toBe(4);
    expect(sample(text, 'cotacep_upstream_circuit_state{source="viacep",api="cep"}')).toBe(0);

    flushedAt = now - 1_500;
    sources.setCircuit('viacep', 'open');
    sources.setCircuit('awesomeapi', 'half-open');
    text = await metrics.registry.metrics();
    expect(sample(text, 'cotacep_metering_flush_lag_seconds')).toBe(1.5);
    expect(sample(text, 'cotacep_upstream_circuit_state{source="viacep",api="cep"}')).toBe(2);
    expect(sample(text, 'cotacep_upstream_circuit_state{source="awesomeapi",api="quotes"}')).toBe(1);
  });
});
