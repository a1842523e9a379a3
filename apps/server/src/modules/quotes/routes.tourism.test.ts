import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { decimalsFor, formatDecimal } from './awesome-format.ts';
import { ALL_PAIRS } from './quote-service.ts';
import { historyRates, rate } from './test/dataset.ts';

/** The tourism pairs (`USD-BRLT`) and AwesomeAPI's `/json/all`, on the bundled dataset. */
let test: TestApp;
const get = (url: string) => test.app.inject({ method: 'GET', url });
const days = historyRates();
const LAST = '2026-09-29';
const printed = (value: number) => formatDecimal(value, decimalsFor(value));

beforeAll(async () => {
  test = await createTestApp({ env: { QUOTES_TOURISM_SPREAD_BPS: '500' } });
});
afterAll(() => test.close());

describe('tourism pairs', () => {
  it('are listed with their Portuguese names, BRLT among the codes', async () => {
    const available = (await get('/quotes/json/available')).json() as Record<string, string>;
    expect(available).toMatchObject({
      'USD-BRLT': 'Dólar Americano/Real Brasileiro Turismo',
      'EUR-BRLT': 'Euro/Real Brasileiro Turismo',
    });
    expect(available['GBP-BRLT']).toBeUndefined();
    expect((await get('/quotes/json/available/uniq')).json()).toMatchObject({
      BRLT: 'Real Brasileiro Turismo',
    });
  });

  it('answer the commercial bid and the ask raised by the configured spread, saying so in the source header', async () => {
    const response = await get('/quotes/json/last/USD-BRLT,USD-BRL');
    expect(response.statusCode, response.body).toBe(200);
    const commercial = rate(days, LAST, 'USD', 'BRL');
    const { USDBRLT: tourism, USDBRL: usdBrl } = response.json();
    expect(tourism).toMatchObject({
      code: 'USD',
      codein: 'BRLT',
      name: 'Dólar Americano/Real Brasileiro Turismo',
      bid: printed(commercial),
      ask: formatDecimal(commercial * 1.05, decimalsFor(commercial)),
      timestamp: usdBrl.timestamp,
      create_date: usdBrl.create_date,
    });
    expect(response.headers['x-quote-source']).toBe('currency-api,currency-api+tourism-500bps');
  });

  it('have a daily series, and a base outside QUOTES_TOURISM_BASES is CoinNotExists', async () => {
    const series = (await get('/quotes/json/daily/EUR-BRLT/3')).json() as Array<Record<string, string>>;
    expect(series).toHaveLength(3);
    expect(series[0]).toMatchObject({ code: 'EUR', codein: 'BRLT' });
    const refused = await get('/quotes/json/last/GBP-BRLT');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status: 404, code: 'CoinNotExists' });
  });
});

describe('GET /quotes/json/all', () => {
  it('answers AwesomeAPI’s classic list keyed by code, the tourism dollar as USDT, in its order', async () => {
    const response = await get('/quotes/json/all');
    expect(response.statusCode).toBe(200);
    const all = response.json() as Record<string, Record<string, string>>;
    const served = (await get(`/quotes/json/last/${ALL_PAIRS.join(',')}`)).json() as Record<string, unknown>;
    expect(Object.keys(all)).toEqual(
      ALL_PAIRS.filter((pair) => served[pair.replace('-', '')]).map((pair) =>
        pair.endsWith('BRLT') ? `${pair.split('-')[0]}T` : pair.split('-')[0],
      ),
    );
    expect(Object.keys(all).slice(0, 3)).toEqual(['USD', 'USDT', 'CAD']);
    expect(all.USD).toEqual(served.USDBRL);
    expect(all.USDT).toMatchObject({ code: 'USD', codein: 'BRLT' });
  });

  it('answers the pairs asked with /json/all/:pairs, and CoinNotExists for one not served', async () => {
    const response = await get('/quotes/json/all/USD-BRL,EUR-BRLT');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['USD', 'EURT']);
    const refused = await get('/quotes/json/all/XYZ-BRL');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status: 404, code: 'CoinNotExists' });
  });
});
