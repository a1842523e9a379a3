import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { decimalsFor, formatDecimal } from './awesome-format.ts';
import { historyRates, rate } from './test/dataset.ts';

let test: TestApp;
const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });
const days = historyRates();
const LAST = '2026-09-29';
const PREVIOUS = '2026-09-28';
const printed = (value: number) => formatDecimal(value, decimalsFor(value));

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const FULL_KEYS = [
  'code',
  'codein',
  'name',
  'high',
  'low',
  'varBid',
  'pctChange',
  'bid',
  'ask',
  'timestamp',
  'create_date',
];
const SHORT_KEYS = ['high', 'low', 'varBid', 'pctChange', 'bid', 'ask', 'timestamp'];

describe('GET /quotes/json/last/:pairs from the bundled dataset', () => {
  it("answers AwesomeAPI's shape: every value a string, Portuguese name, Unix timestamp, Brasília create_date", async () => {
    const response = await get('/quotes/json/last/USD-BRL');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const bid = rate(days, LAST, 'USD', 'BRL');
    const previous = rate(days, PREVIOUS, 'USD', 'BRL');
    expect(response.json()).toEqual({
      USDBRL: {
        code: 'USD',
        codein: 'BRL',
        name: 'Dólar Americano/Real Brasileiro',
        high: printed(bid),
        low: printed(bid),
        varBid: formatDecimal(bid - previous, decimalsFor(bid)),
        pctChange: formatDecimal((bid / previous - 1) * 100, 2),
        bid: printed(bid),
        ask: printed(bid),
        timestamp: String(Date.parse(`${LAST}T00:00:00Z`) / 1000),
        create_date: '2026-09-28 21:00:00',
      },
    });
    expect(Object.keys(response.json().USDBRL)).toEqual(FULL_KEYS);
  });

  it('carries the source and the as-of time in headers, open to any origin', async () => {
    const response = await get('/quotes/json/last/USD-BRL');
    expect(response.headers['x-quote-source']).toBe('currency-api');
    expect(response.headers['x-quote-as-of']).toBe(`${LAST}T00:00:00.000Z`);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    // Only a browser reads exposed headers, and a browser always sends Origin.
    expect(response.headers['access-control-expose-headers']).toBeUndefined();
    const fromPage = await get('/quotes/json/last/USD-BRL', { origin: 'https://app.example' });
    expect(fromPage.headers['access-control-allow-origin']).toBe('*');
    expect(fromPage.headers['access-control-expose-headers']).toContain('x-quote-as-of');
    expect(fromPage.headers['access-control-expose-headers']).toContain('x-quote-source');
  });

  it('answers several pairs, crypto and cross rates in one call, keyed CODECODEIN, case-insensitively', async () => {
    const response = await get('/quotes/json/last/usd-brl,EUR-BRL,BTC-BRL,EUR-JPY,BRL-USD,XAU-USD');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['USDBRL', 'EURBRL', 'BTCBRL', 'EURJPY', 'BRLUSD', 'XAUUSD']);
    expect(body.EURBRL.name).toBe('Euro/Real Brasileiro');
    expect(body.BTCBRL.name).toBe('Bitcoin/Real Brasileiro');
    expect(body.EURJPY.name).toBe('Euro/Iene Japonês');
    expect(body.XAUUSD.name).toBe('Ouro/Dólar Americano');
    expect(body.EURJPY.bid).toBe(printed(rate(days, LAST, 'EUR', 'JPY')));
    expect(body.BTCBRL.bid).toBe(printed(rate(days, LAST, 'BTC', 'BRL')));
    expect(body.BRLUSD.bid).toBe(printed(rate(days, LAST, 'BRL', 'USD')));
    for (const quote of Object.values(body) as Record<string, unknown>[]) {
      expect(Object.values(quote).every((value) => typeof value === 'string')).toBe(true);
    }
  });

  it('answers the same under /last (AwesomeAPI’s short path) and as XML', async () => {
    const json = await get('/quotes/last/USD-BRL');
    expect(json.body).toBe((await get('/quotes/json/last/USD-BRL')).body);
    const xml = await get('/quotes/xml/last/USD-BRL,EUR-BRL');
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<xml><USDBRL><code>USD<\/code><codein>BRL<\/codein><name>Dólar Americano\/Real Brasileiro<\/name><high>/,
    );
    expect(xml.body).toContain(`<bid>${printed(rate(days, LAST, 'EUR', 'BRL'))}</bid>`);
    expect(xml.body.trim().endsWith('</EURBRL></xml>')).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await test.app.inject({ method: 'HEAD', url: '/quotes/json/last/USD-BRL' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-quote-source']).toBe('currency-api');
    expect(response.body).toBe('');
  });
});

describe('GET /quotes/json/daily', () => {
  it('lists days newest first: the first item complete, the rest short', async () => {
    const response = await get('/quotes/json/daily/USD-BRL/5');
    expect(response.statusCode).toBe(200);
    const items = response.json() as Record<string, string>[];
    expect(items).toHaveLength(5);
    expect(Object.keys(items[0] as object)).toEqual(FULL_KEYS);
    for (const item of items.slice(1)) expect(Object.keys(item)).toEqual(SHORT_KEYS);
    const timestamps = items.map((item) => Number(item.timestamp));
    expect(timestamps.slice(1).map((value, index) => (timestamps[index] as number) - value)).toEqual([
      86_400, 86_400, 86_400, 86_400,
    ]);
    expect(items[1]?.bid).toBe(printed(rate(days, PREVIOUS, 'USD', 'BRL')));
    const beforePrevious = rate(days, '2026-09-27', 'USD', 'BRL');
    expect(items[1]?.varBid).toBe(formatDecimal(rate(days, PREVIOUS, 'USD', 'BRL') - beforePrevious, 4));
  });

  it('ships at least 30 days of history on a fresh install', async () => {
    const items = (await get('/quotes/json/daily/EUR-BRL/365')).json() as unknown[];
    expect(items.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps to start_date and end_date, with or without a count', async () => {
    const period = '?start_date=20260910&end_date=20260914';
    const all = (await get(`/quotes/json/daily/USD-BRL${period}`)).json() as Record<string, string>[];
    // The days are Brasília's: the currency API's day 15 is as of 00:00 UTC, 21:00 of the 14th there.
    expect(all.map((item) => item.timestamp)).toEqual(
      ['15', '14', '13', '12', '11'].map((day) => String(Date.parse(`2026-09-${day}T00:00:00Z`) / 1000)),
    );
    expect(all[0]?.create_date).toBe('2026-09-14 21:00:00');
    expect(((await get(`/quotes/json/daily/USD-BRL/2${period}`)).json() as unknown[]).length).toBe(2);
    expect((await get(`/quotes/json/daily/USD-BRL/${period}`)).body).toBe(JSON.stringify(all));
    expect((await get('/quotes/json/daily/USD-BRL/2?start_date=&end_date=')).json()).toHaveLength(2);
  });

  it('answers an empty list for a period without data, and the latest day without count or period', async () => {
    const empty = await get('/quotes/json/daily/USD-BRL?start_date=20200101&end_date=20200131');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const latest = (await get('/quotes/json/daily/USD-BRL')).json() as Record<string, string>[];
    expect(latest).toHaveLength(1);
    expect(latest[0]?.timestamp).toBe(String(Date.parse(`${LAST}T00:00:00Z`) / 1000));
  });

  it('has an XML form with one <item> per day', async () => {
    const xml = (await get('/quotes/xml/daily/USD-BRL/3')).body;
    expect(xml.match(/<item>/g)).toHaveLength(3);
    expect(xml).toContain('<item><code>USD</code>');
    expect(xml).toContain('</create_date></item><item><high>');
  });
});

describe('GET /quotes/json/available', () => {
  it('names 150+ currencies, in Portuguese', async () => {
    const uniq = (await get('/quotes/json/available/uniq')).json() as Record<string, string>;
    expect(Object.keys(uniq).length).toBeGreaterThanOrEqual(150);
    expect(uniq).toMatchObject({
      USD: 'Dólar Americano',
      BRL: 'Real Brasileiro',
      EUR: 'Euro',
      BTC: 'Bitcoin',
      JPY: 'Iene Japonês',
    });
  });

  it('lists pairs against BRL, USD and EUR with their names, and the same as XML', async () => {
    const pairs = (await get('/quotes/json/available')).json() as Record<string, string>;
    expect(pairs['USD-BRL']).toBe('Dólar Americano/Real Brasileiro');
    expect(pairs['BRL-BTC']).toBe('Real Brasileiro/Bitcoin');
    expect(pairs['GBP-EUR']).toBe('Libra Esterlina/Euro');
    expect(pairs['USD-BRLPTAX']).toBeUndefined();
    const xml = (await get('/quotes/xml/available')).body;
    expect(xml).toContain('<USD-BRL>Dólar Americano/Real Brasileiro</USD-BRL>');
    expect((await get('/quotes/xml/available/uniq')).body).toContain('<BRL>Real Brasileiro</BRL>');
  });

  it('serves every listed pair', async () => {
    const pairs = Object.keys((await get('/quotes/json/available')).json());
    for (let start = 0; start < pairs.length; start += 30) {
      const response = await get(`/quotes/json/last/${pairs.slice(start, start + 30).join(',')}`);
      expect(response.statusCode, pairs.slice(start, start + 30).join(',')).toBe(200);
    }
  });
});
