import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { quoteDaily } from '../../db/schema/quote-daily.ts';
import { quoteLatest } from '../../db/schema/quote-latest.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ptaxPeriodUrl } from './sources/bcb-ptax.ts';
import { expandUrl } from './sources/currency-api-cdn.ts';
import { type FixtureServer, recorded, startFixtureServer } from './test/fixture-server.ts';
import { addDays, formatSaoPaulo } from './time.ts';

const CDN = '/npm/@fawazahmed0/currency-api@{version}/v1/currencies/usd.min.json';
const PTAX_USD = 'bcb-ptax/usd-2026-09-20-2026-09-29.json';
const PTAX_EUR = 'bcb-ptax/eur-2026-09-20-2026-09-29.json';

let server: FixtureServer;
let test: TestApp;
let env: Record<string, string>;

/** The PTAX window the source asks for today: it follows the real clock, the fixture does not. */
function ptaxPaths(windowDays: number) {
  const today = formatSaoPaulo(Date.now()).slice(0, 10);
  const from = addDays(today, -windowDays);
  return { usd: ptaxPeriodUrl('/ptax', 'USD', from, today), eur: ptaxPeriodUrl('/ptax', 'EUR', from, today) };
}

beforeAll(async () => {
  const first = ptaxPaths(45);
  const next = ptaxPaths(10);
  server = await startFixtureServer({
    [expandUrl(CDN, 'latest')]: recorded('currency-api/usd-2026-09-29.min.json'),
    [first.usd]: recorded(PTAX_USD),
    [first.eur]: recorded(PTAX_EUR),
    [next.usd]: recorded('bcb-ptax/weekend-empty.json'),
    [next.eur]: recorded('bcb-ptax/weekend-empty.json'),
    '/ecb/eurofxref-hist-90d.xml': recorded('ecb/eurofxref-hist-90d.xml'),
  });
  env = {
    QUOTES_BUNDLED_DATA: 'off',
    QUOTES_CURRENCY_API_URLS: server.url + CDN,
    QUOTES_PTAX_URL: `${server.url}/ptax`,
    QUOTES_ECB_URL: `${server.url}/ecb`,
    QUOTES_BREAKER_FAILURES: '2',
    QUOTES_BREAKER_COOLDOWN_MS: '600000',
  };
  test = await createTestApp({ env });
});
afterAll(async () => {
  await test.close();
  await server.close();
});

const get = (url: string) => test.app.inject({ method: 'GET', url });
const run = (name: string) => test.app.quotes.ingester.run(name);
/** The registry behind /api/status, circuits and errors included (the public document leaves them out). */
const status = async () =>
  test.app.quotes.ingester.options.health
    .list()
    .filter((source) => source.api === 'quotes')
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((source) => ({ ...source, lastSuccessAt: source.lastSuccessAt?.toISOString() ?? null }));
const rows = async (source: string) =>
  (await test.database.db.select({ n: count() }).from(quoteDaily).where(eq(quoteDaily.source, source)))[0]?.n;

describe('the quotes ingester, driven directly against recorded sources', () => {
  it('starts empty without the bundled data: nothing to answer, every live source stale', async () => {
    expect((await get('/quotes/json/last/USD-BRL')).statusCode).toBe(404);
    expect((await get('/quotes/json/available/uniq')).json()).toEqual({});
    const sources = await status();
    expect(sources.map((source) => source.name)).toEqual(['bcb-ptax', 'currency-api-cdn', 'ecb']);
    expect(sources.every((source) => source.lastSuccessAt === null && source.isStale === true)).toBe(true);
    expect(server.hits).toEqual([]);
  });

  it('stores the CDN file in PostgreSQL and serves it from memory at once', async () => {
    expect(await run('currency-api-cdn')).toMatchObject({ status: 'ok', changed: 214 });
    expect(await rows('currency-api')).toBe(214);
    const response = await get('/quotes/json/last/USD-BRL');
    expect(response.json().USDBRL).toMatchObject({ bid: '5.2242', timestamp: '1790640000' });
    expect(response.headers['x-quote-source']).toBe('currency-api');
    const [latest] = await test.database.db.select().from(quoteLatest).where(eq(quoteLatest.quote, 'BRL'));
    expect(latest).toMatchObject({ source: 'currency-api', base: 'USD', bid: 5.22423802 });
    const cdn = (await status()).find((source) => source.name === 'currency-api-cdn');
    // Freshness is the data's own as-of time, so an old file reads as stale even when fetched just now.
    expect(cdn).toMatchObject({
      lastSuccessAt: '2026-09-29T00:00:00.000Z',
      isStale: true,
      circuit: 'closed',
    });
  });

  it('adds the PTAX pairs with the central bank’s own bid and ask, business days only', async () => {
    expect(await run('bcb-ptax')).toMatchObject({ status: 'ok', observations: 14 });
    const response = await get('/quotes/json/last/USD-BRLPTAX,EUR-BRLPTAX');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-quote-source']).toBe('bcb-ptax');
    const body = response.json();
    expect(body.USDBRLPTAX).toMatchObject({
      code: 'USD',
      codein: 'BRLPTAX',
      name: 'Dólar Americano/Real Brasileiro PTAX',
      bid: '5.2218',
      ask: '5.2224',
    });
    expect(body.EURBRLPTAX.name).toBe('Euro/Real Brasileiro PTAX');
    const daily = (await get('/quotes/json/daily/USD-BRLPTAX/30')).json() as unknown[];
    expect(daily).toHaveLength(7);
    expect((await get('/quotes/json/available')).json()['USD-BRLPTAX']).toBe(
      'Dólar Americano/Real Brasileiro PTAX',
    );
    expect((await get('/quotes/json/available/uniq')).json().BRLPTAX).toBe('Real Brasileiro PTAX');
    // Later runs ask for a short window; an empty answer (weekend, holiday) is a success with no data.
    expect(await run('bcb-ptax')).toMatchObject({ status: 'ok', observations: 0 });
    expect((await get('/quotes/json/last/USD-BRLPTAX')).statusCode).toBe(200);
  });

  it('stores the ECB days; the currency API still wins the days both have', async () => {
    expect(await run('ecb')).toMatchObject({ status: 'ok', observations: 6 * 29 });
    expect(await rows('ecb')).toBe(6 * 29);
    expect((await get('/quotes/json/last/USD-BRL')).headers['x-quote-source']).toBe('currency-api');
    // 2026-09-22 … 09-28 exist only at the ECB here.
    const daily = await get('/quotes/json/daily/EUR-BRL/3');
    expect(daily.headers['x-quote-source']).toBe('currency-api,ecb');
  });

  it('reports a failing source, opens its circuit and keeps serving what it has', async () => {
    server.set('/ecb/eurofxref-hist-90d.xml', recorded('ecb/service-unavailable.html', 503));
    const before = (await get('/quotes/json/daily/EUR-BRL/3')).body;
    expect(await run('ecb')).toEqual({ status: 'failed', error: 'http: 503' });
    let ecb = (await status()).find((source) => source.name === 'ecb');
    expect(ecb).toMatchObject({ lastError: 'http: 503', circuit: 'closed' });
    expect(await run('ecb')).toEqual({ status: 'failed', error: 'http: 503' });
    ecb = (await status()).find((source) => source.name === 'ecb');
    expect(ecb?.circuit).toBe('open');
    const hits = server.hits.length;
    expect(await run('ecb')).toEqual({ status: 'skipped', reason: 'circuit-open' });
    expect(server.hits.length).toBe(hits);
    expect((await get('/quotes/json/daily/EUR-BRL/3')).body).toBe(before);
    expect(await rows('ecb')).toBe(6 * 29);
  });

  it('changes nothing on a malformed body', async () => {
    server.set(expandUrl(CDN, 'latest'), recorded('currency-api/truncated.min.json'));
    const before = (await get('/quotes/json/last/USD-BRL')).body;
    expect(await run('currency-api-cdn')).toEqual({ status: 'failed', error: 'malformed: body is not JSON' });
    expect((await get('/quotes/json/last/USD-BRL')).body).toBe(before);
    expect(await rows('currency-api')).toBe(214);
  });

  it('never calls a source because of a request, malformed or not', async () => {
    const hits = server.hits.length;
    for (const url of [
      '/quotes/json/last/USD-BRL',
      '/quotes/json/last/XYZ-BRL',
      '/quotes/json/last/%2F..',
      '/quotes/json/daily/USD-BRL/9999',
    ]) {
      await get(url);
    }
    expect(server.hits.length).toBe(hits);
  });

  it('serves the stored data after a restart, with every source unreachable', async () => {
    await server.close();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', ...env });
    const restarted = await buildApp({ config, database: test.database });
    await restarted.ready();
    try {
      const response = await restarted.inject('/quotes/json/last/USD-BRL,USD-BRLPTAX');
      expect(response.statusCode).toBe(200);
      expect(response.json().USDBRL.bid).toBe('5.2242');
      expect(response.json().USDBRLPTAX.ask).toBe('5.2224');
      // The 2026-09-29 file of the currency API and six ECB days, one of them the same day: five Brasília
      // days, since that file is as of 21:00 on the 28th there, which supersedes the ECB's 28th.
      expect(((await restarted.inject('/quotes/json/daily/EUR-BRL/10')).json() as unknown[]).length).toBe(5);
    } finally {
      await restarted.close();
    }
  });
});
