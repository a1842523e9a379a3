import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expandUrl } from './sources/currency-api-cdn.ts';
import { type FixtureServer, recorded, startFixtureServer } from './test/fixture-server.ts';

const CDN = '/cdn/{date}/usd.min.json';

let server: FixtureServer;
let test: TestApp | undefined;

beforeAll(async () => {
  server = await startFixtureServer({
    [expandUrl(CDN, 'latest')]: recorded('currency-api/usd-2026-09-29.min.json'),
    '/ecb/eurofxref-hist-90d.xml': recorded('ecb/eurofxref-hist-90d.xml'),
  });
});
afterAll(async () => {
  await test?.close();
  await server.close();
});

async function until(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = (prefix: string) => server.hits.filter((hit) => hit.startsWith(prefix)).length;

describe('the ingest schedule', () => {
  it('runs every source when the server is ready, repeats on its interval and stops on close', async () => {
    test = await createTestApp({
      env: {
        QUOTES_INGEST: 'on',
        QUOTES_CURRENCY_API_URLS: server.url + CDN,
        // PTAX has no recording here: it fails, quietly, and the others carry on.
        QUOTES_PTAX_URL: `${server.url}/ptax`,
        QUOTES_ECB_URL: `${server.url}/ecb`,
        QUOTES_CURRENCY_API_INTERVAL_MS: '1000',
        QUOTES_PTAX_INTERVAL_MS: '86400000',
        QUOTES_ECB_INTERVAL_MS: '86400000',
      },
    });
    await until(() => count('/cdn/') >= 1 && count('/ecb/') >= 1 && count('/ptax/') >= 1);
    await until(() => count('/cdn/') >= 2, 3_000);
    expect(count('/ecb/')).toBe(1);
    const sources = test.app.quotes.ingester.options.health.list();
    expect(sources.find((source) => source.name === 'bcb-ptax')?.lastError).toBe('http: 599');

    await test.close();
    test = undefined;
    const after = server.hits.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.hits.length).toBe(after);
  });

  it('stays off under NODE_ENV=test unless asked', async () => {
    const quiet = await createTestApp({
      env: { QUOTES_CURRENCY_API_URLS: server.url + CDN, QUOTES_ECB_URL: `${server.url}/ecb` },
    });
    const before = server.hits.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await quiet.close();
    expect(server.hits.length).toBe(before);
    expect(quiet.app.quotes.isIngestOn).toBe(false);
  });
});
