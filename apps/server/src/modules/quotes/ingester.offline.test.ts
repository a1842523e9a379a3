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

  it('shows it on the status page, with the dataset’s own age', async () => {
    const { sources } = (await test.app.inject('/api/status')).json() as {
      sources: { name: string; lastError: string | null; lastSuccessAt: string | null }[];
    };
    const byName = Object.fromEntries(sources.map((source) => [source.name, source]));
    expect(byName['currency-api-cdn']).toMatchObject({
      lastSuccessAt: null,
      lastError: 'network: ECONNREFUSED',
    });
    expect(byName['currency-api-npm']).toMatchObject({
      lastSuccessAt: '2026-09-29T00:00:00.000Z',
      lastError: null,
    });
  });
});
