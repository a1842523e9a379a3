import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { MAX_DAYS, MAX_PAIRS } from './limits.ts';

let test: TestApp;
const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function expectError(url: string, status: number, code: string, message?: string) {
  const response = await get(url);
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
  expect(response.headers['access-control-allow-origin'], url).toBe('*');
  const body = response.json();
  expect(body, url).toMatchObject({ status, code });
  expect(Object.keys(body), url).toEqual(['status', 'code', 'message']);
  if (message) expect(body.message, url).toBe(message);
  return body as { message: string };
}

describe('unknown currencies', () => {
  it("answers AwesomeAPI's 404 body", async () => {
    await expectError('/quotes/json/last/XYZ-BRL', 404, 'CoinNotExists', 'moeda nao encontrada XYZ-BRL');
  });

  it('names the first unknown pair of a list and answers nothing else', async () => {
    await expectError(
      '/quotes/json/last/USD-BRL,BRL-ABC,XYZ-BRL',
      404,
      'CoinNotExists',
      'moeda nao encontrada BRL-ABC',
    );
  });

  it('has no pair of a currency with itself, and no PTAX without central-bank data', async () => {
    await expectError('/quotes/json/last/USD-USD', 404, 'CoinNotExists');
    await expectError(
      '/quotes/json/last/USD-BRLPTAX',
      404,
      'CoinNotExists',
      'moeda nao encontrada USD-BRLPTAX',
    );
    await expectError('/quotes/json/last/BRL-BRLPTAX', 404, 'CoinNotExists');
    await expectError('/quotes/json/daily/XYZ-BRL/5', 404, 'CoinNotExists');
  });

  it('answers an XML route’s errors in XML, with the same status, code and message', async () => {
    const response = await get('/quotes/xml/last/XYZ-BRL');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toContain(
      '<xml><status>404</status><code>CoinNotExists</code><message>moeda nao encontrada XYZ-BRL</message></xml>',
    );
    const malformed = await get('/quotes/xml/daily/USD-BRL/0');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('<code>InvalidDays</code>');
  });

  it('speaks English to an English client', async () => {
    const response = await get('/quotes/json/last/XYZ-BRL', { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.json()).toEqual({
      status: 404,
      code: 'CoinNotExists',
      message: 'currency not found XYZ-BRL',
    });
  });
});

describe('odd pair strings', () => {
  it.each([
    'USDBRL',
    'USD-',
    '-BRL',
    'USD-BRL-EUR',
    'US$-BRL',
    'USD%20-BRL',
    'USD-BRL,,EUR-BRL',
    'USD-BRL,',
    '1INCH-BRL',
    'U-BRL',
    'USD-BRL%00',
    'USD-BRL%2F..%2F..%2Fetc',
    'USD-%E2%82%AC',
    'ÚSD-BRL',
  ])('%s → 400 InvalidPair', async (pairs) => {
    await expectError(`/quotes/json/last/${pairs}`, 400, 'InvalidPair');
  });

  it(`allows ${MAX_PAIRS} pairs and refuses more`, async () => {
    const codes = [
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'CHF',
      'CAD',
      'AUD',
      'CNY',
      'ARS',
      'BTC',
      'ETH',
      'MXN',
      'CLP',
      'COP',
      'PEN',
    ];
    const pairs = codes.flatMap((code) => [`${code}-BRL`, `BRL-${code}`]);
    expect(pairs).toHaveLength(MAX_PAIRS);
    expect((await get(`/quotes/json/last/${pairs.join(',')}`)).statusCode).toBe(200);
    await expectError(`/quotes/json/last/${[...pairs, 'UYU-BRL'].join(',')}`, 400, 'TooManyPairs');
  });

  it('refuses a path too long to be a list of pairs before reading it', async () => {
    await expectError(`/quotes/json/last/${'USD-BRL,'.repeat(60)}USD-BRL`, 400, 'PathTooLong');
    await expectError(`/quotes/json/daily/${'A'.repeat(1_000)}/5`, 400, 'PathTooLong');
  });

  it('refuses broken percent-encoding in its own format', async () => {
    await expectError('/quotes/json/last/%E0%A4%A', 400, 'MalformedPath');
    await expectError('/quotes/json/daily/USD-BRL/%ZZ', 400, 'MalformedPath');
  });
});

describe('daily counts and dates', () => {
  it.each(['0', '-1', String(MAX_DAYS + 1), '99999999999', '1e3', '10.5', 'abc', '%20', '0x10'])(
    'days %s → 400 InvalidDays',
    async (days) => {
      await expectError(`/quotes/json/daily/USD-BRL/${days}`, 400, 'InvalidDays');
    },
  );

  it(`accepts ${MAX_DAYS} days`, async () => {
    expect((await get(`/quotes/json/daily/USD-BRL/${MAX_DAYS}`)).statusCode).toBe(200);
  });

  it.each(['20230230', '20231301', '2024-01-01', '202401', 'yesterday', '20240101000000'])(
    'date %s → 400 InvalidDate',
    async (date) => {
      await expectError(`/quotes/json/daily/USD-BRL/5?start_date=${date}`, 400, 'InvalidDate');
      await expectError(`/quotes/json/daily/USD-BRL?end_date=${date}`, 400, 'InvalidDate');
    },
  );

  it('refuses a period that ends before it starts or spans more than the maximum', async () => {
    await expectError(
      '/quotes/json/daily/USD-BRL?start_date=20260920&end_date=20260910',
      400,
      'InvalidDateRange',
    );
    await expectError(
      '/quotes/json/daily/USD-BRL?start_date=20200101&end_date=20260101',
      400,
      'InvalidDateRange',
    );
  });

  it('refuses a repeated or oversized parameter', async () => {
    const body = await expectError(
      '/quotes/json/daily/USD-BRL?start_date=20260901&start_date=20260902',
      400,
      'InvalidQuery',
    );
    expect(body.message).toContain('start_date');
    await expectError(`/quotes/json/daily/USD-BRL?end_date=${'9'.repeat(100)}`, 400, 'InvalidQuery');
  });
});

describe('paths the API does not have', () => {
  it.each([
    ['GET', '/quotes/json/nothing'],
    ['GET', '/quotes/json/last'],
    ['GET', '/quotes/json/daily/USD-BRL/5/extra'],
  ])('%s %s → 404 in the API’s format', async (method, url) => {
    const response = await test.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, code: 'NotFound', message: 'endpoint nao encontrado' });
  });

  it.each([
    ['POST', '/quotes/json/last/USD-BRL'],
    ['DELETE', '/quotes/json/available'],
  ])('%s %s → 405 with Allow in the API’s format (more in app.methods.test.ts)', async (method, url) => {
    const response = await test.app.inject({ method: method as 'POST', url });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(response.json()).toEqual({
      status: 405,
      code: 'MethodNotAllowed',
      message: 'método não permitido: use GET',
    });
  });
});
