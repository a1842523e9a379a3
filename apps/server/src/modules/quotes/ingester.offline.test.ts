import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { closedPortUrl } from './test/closed-port.ts';

let test: TestApp;

beforeAll(async () => {
  const dead = await closedPortUrl();
  test = await createTestApp({
    env: {
      QUOTES_CURRENCY_API_URLS: `${dead}/npm/@fawazahmed0/currency-api@{version}/v1/currencies/usd.min.json`,
      QUOTES_PTAX_URL: `${dead}/ptax`,
      QUOTES_ECB_URL: `${dead}/ecb`,
    },
  });
});
afterAll(() => test.close());

describe('offline', () => {
  it('fails every live source at once and keeps serving the bundled dataset', async () => {
    const before = (await test.app.inject('/quotes/json/last/USD-BRL,BTC-BRL')).body;
    const started = Date.now();
    const results = await test.app.quotes.ingester.runAll();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(Object.values(results).every((result) => result.status === 'failed')).toBe(true);
    expect(results['currency-api-cdn']).toEqual({ status: 'failed', error: 'network: ECONNREFUSED' });
    const after = await test.app.inject('/quotes/json/last/USD-BRL,BTC-BRL');
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before);
    expect(after.headers['x-quote-source']).toBe('currency-api');
  });

  it('keeps the error for operators, and tells the public the API answers from the dataset’s date', async () => {
    const sources = test.app.quotes.ingester.options.health.list();
    const byName = Object.fromEntries(sources.map((source) => [source.name, source]));
    expect(byName['currency-api-cdn']).toMatchObject({
      lastSuccessAt: null,
      lastError: 'network: ECONNREFUSED',
    });
    expect(byName['currency-api-npm']?.lastSuccessAt?.toISOString()).toBe('2026-09-29T00:00:00.000Z');

    const response = await test.app.inject('/api/status');
    const body = response.json() as { status: string; apis: { api: string; state: string }[] };
    expect(body.apis).toContainEqual({ api: 'quotes', state: 'stale', dataAsOf: '2026-09-29T00:00:00.000Z' });
    expect(body.status).toBe('degraded');
    expect(response.body).not.toContain('ECONNREFUSED');
  });
});
