import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { compareShape, decimalsOf, readFamiliarAnswer } from '../../test/familiar-shape.ts';

/**
 * Issue 16: each response shape of the familiar currency API, as its documentation shows it
 * (fixtures/awesomeapi/), against our real server's answer to the same call, field by field.
 */
let test: TestApp;
const get = (url: string) => test.app.inject({ method: 'GET', url });
const familiar = (name: string) =>
  readFamiliarAnswer(path.join(import.meta.dirname, 'fixtures', 'awesomeapi', `${name}.json`));

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

/** The price decimals of one quote as the familiar API prints a pair of that size (USD-BRL: 4). */
function priceDecimals(quote: Record<string, string>) {
  return Math.max(...['bid', 'ask', 'high', 'low'].map((field) => decimalsOf(quote[field] ?? '')));
}

describe('our answers against the familiar API’s documented shapes', () => {
  it('last: /json/last/USD-BRL,EUR-BRL', async () => {
    const theirs = familiar('last');
    const response = await get('/quotes/json/last/USD-BRL,EUR-BRL');
    expect(response.statusCode).toBe(theirs.status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const ours = response.json();
    expect(compareShape(ours, theirs.body)).toEqual([]);
    // The same number of price decimals for a pair of the same size, the names byte for byte.
    const body = theirs.body as Record<string, Record<string, string>>;
    for (const key of ['USDBRL', 'EURBRL']) {
      expect(priceDecimals(ours[key])).toBeLessThanOrEqual(priceDecimals(body[key] ?? {}));
      expect(ours[key].name).toBe(body[key]?.name);
    }
  });

  it('daily: /json/daily/USD-BRL/3, the first item complete, the rest short', async () => {
    const theirs = familiar('daily');
    const response = await get('/quotes/json/daily/USD-BRL/3');
    expect(response.statusCode).toBe(theirs.status);
    const ours = response.json();
    expect(ours).toHaveLength((theirs.body as unknown[]).length);
    expect(compareShape(ours, theirs.body)).toEqual([]);
  });

  it('daily by date range: /json/daily/USD-BRL?start_date=…&end_date=…', async () => {
    const theirs = familiar('daily-range');
    // Two São Paulo days of the bundled dataset, as the fixture's two days.
    const response = await get('/quotes/json/daily/USD-BRL?start_date=20260927&end_date=20260928');
    expect(response.statusCode).toBe(theirs.status);
    const ours = response.json();
    expect(ours).toHaveLength((theirs.body as unknown[]).length);
    expect(compareShape(ours, theirs.body)).toEqual([]);
    expect(ours[0].create_date.slice(0, 10)).toBe('2026-09-28');
  });

  it('available: /json/available lists every documented pair under the same name', async () => {
    const theirs = familiar('available');
    const response = await get('/quotes/json/available');
    expect(response.statusCode).toBe(theirs.status);
    const ours = response.json() as Record<string, unknown>;
    for (const [pair, name] of Object.entries(ours)) {
      expect(pair).toMatch(/^[A-Z][A-Z0-9]{1,9}-[A-Z][A-Z0-9]{1,9}$/);
      expect(typeof name).toBe('string');
    }
    expect(Object.fromEntries(Object.keys(theirs.body as object).map((pair) => [pair, ours[pair]]))).toEqual(
      theirs.body,
    );
  });

  it('available/uniq: /json/available/uniq names every documented currency the same way', async () => {
    const theirs = familiar('available-uniq');
    const response = await get('/quotes/json/available/uniq');
    expect(response.statusCode).toBe(theirs.status);
    const ours = response.json() as Record<string, unknown>;
    for (const [code, name] of Object.entries(ours)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]{1,9}$/);
      expect(typeof name).toBe('string');
    }
    expect(Object.fromEntries(Object.keys(theirs.body as object).map((code) => [code, ours[code]]))).toEqual(
      theirs.body,
    );
  });

  it('all: /json/all/USD-BRL,EUR-BRL, keyed by the base code', async () => {
    const theirs = familiar('all');
    const response = await get('/quotes/json/all/USD-BRL,EUR-BRL');
    expect(response.statusCode).toBe(theirs.status);
    expect(compareShape(response.json(), theirs.body)).toEqual([]);
    // The whole list has the same item shape under every key.
    const everything = (await get('/quotes/json/all')).json() as Record<string, unknown>;
    const item = (theirs.body as Record<string, unknown>).USD;
    for (const [code, quote] of Object.entries(everything)) {
      expect(compareShape(quote, item, `$.${code}`)).toEqual([]);
    }
  });
});
