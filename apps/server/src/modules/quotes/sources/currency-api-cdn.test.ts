import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '#server/lib/upstream-error.ts';
import { QuoteBook } from '../book.ts';
import { NAMED_CODES } from '../currency-names.ts';
import { closedPortUrl } from '../test/closed-port.ts';
import { type FixtureServer, recorded, startFixtureServer } from '../test/fixture-server.ts';
import { singleReading } from '../types.ts';
import { createCurrencyApiCdnSource, expandUrl } from './currency-api-cdn.ts';
import { parseCurrencyApiSnapshot, snapshotObservations } from './currency-api-snapshot.ts';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'currency-api', name), 'utf8');

const JSDELIVR = '/npm/@fawazahmed0/currency-api@{version}/v1/currencies/usd.min.json';
const PAGES = '/pages/{date}/v1/currencies/usd.min.json';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function source(urls: string[], timeoutMs = 2_000) {
  return createCurrencyApiCdnSource({
    urls,
    timeoutMs,
    intervalMs: 60_000,
    backfillDays: 14,
    codes: NAMED_CODES,
  });
}

const now = Date.parse('2026-09-29T12:00:00Z');

describe('the currency API file format', () => {
  it('reads a recorded file: its day and every positive rate, codes upper-cased', () => {
    const snapshot = parseCurrencyApiSnapshot(fixture('usd-2026-09-29.min.json'));
    expect(snapshot.date).toBe('2026-09-29');
    expect(snapshot.rates.get('BRL')).toBe(5.22423802);
    expect(snapshot.rates.get('BTC')).toBe(1.2017405e-5);
    expect(snapshot.rates.size).toBeGreaterThan(300);
  });

  it('keeps only the named currencies, against the dollar, as of the start of the day (UTC)', () => {
    const observations = snapshotObservations(
      parseCurrencyApiSnapshot(fixture('usd-2026-09-29.min.json')),
      NAMED_CODES,
    );
    expect(observations.every((observation) => NAMED_CODES.has(observation.quote))).toBe(true);
    expect(
      observations.some((observation) => observation.quote === 'USD' || observation.quote === '1INCH'),
    ).toBe(false);
    expect(observations.find((observation) => observation.quote === 'BRL')).toEqual({
      source: 'currency-api',
      base: 'USD',
      quote: 'BRL',
      day: '2026-09-29',
      bar: singleReading(5.22423802, Date.parse('2026-09-29T00:00:00Z')),
    });
  });

  it.each([
    ['a cut-off transfer', fixture('truncated.min.json')],
    ["jsDelivr's not-found text", fixture('jsdelivr-404.txt')],
    ['an impossible day', '{"date":"2026-02-30","usd":{"brl":5.2}}'],
    ['no rates', '{"date":"2026-09-29"}'],
    [
      'rates that are not numbers',
      `{"date":"2026-09-29","usd":${JSON.stringify(Object.fromEntries([...'abcdefghijkl'].map((c) => [`${c}${c}${c}`, 'x'])))}}`,
    ],
    ['an array', '[1,2,3]'],
  ])('refuses %s as malformed', (_name, text) => {
    expect(() => parseCurrencyApiSnapshot(text)).toThrow(UpstreamError);
    expect(() => parseCurrencyApiSnapshot(text)).toThrow(/^malformed/);
  });

  it('expands {date} and {version} the way each mirror spells them', () => {
    expect(expandUrl(`x${JSDELIVR}`, '2026-09-07')).toBe(
      'x/npm/@fawazahmed0/currency-api@2026.9.7/v1/currencies/usd.min.json',
    );
    expect(expandUrl(`x${PAGES}`, '2026-09-07')).toBe('x/pages/2026-09-07/v1/currencies/usd.min.json');
    expect(expandUrl(`x${PAGES}`, 'latest')).toBe('x/pages/latest/v1/currencies/usd.min.json');
  });
});

describe('the CDN source', () => {
  it('asks every mirror and keeps the newest day', async () => {
    server = await startFixtureServer({
      [expandUrl(JSDELIVR, 'latest')]: recorded('currency-api/usd-2026-09-28.min.json'),
      [expandUrl(PAGES, 'latest')]: recorded('currency-api/usd-2026-09-29.min.json'),
    });
    const observations = await source([server.url + JSDELIVR, server.url + PAGES]).fetch({
      book: new QuoteBook(),
      now,
    });
    expect(new Set(observations.map((observation) => observation.day))).toEqual(new Set(['2026-09-29']));
    expect(server.hits).toHaveLength(2);
  });

  it('is fine with one mirror failing or answering garbage', async () => {
    server = await startFixtureServer({
      [expandUrl(JSDELIVR, 'latest')]: recorded('currency-api/truncated.min.json'),
      [expandUrl(PAGES, 'latest')]: recorded('currency-api/usd-2026-09-29.min.json'),
    });
    const observations = await source([server.url + JSDELIVR, server.url + PAGES]).fetch({
      book: new QuoteBook(),
      now,
    });
    expect(observations.find((observation) => observation.quote === 'BRL')?.bar.close).toBe(5.22423802);
  });

  it('fails with the last error when no mirror answers usable data', async () => {
    server = await startFixtureServer({
      [expandUrl(JSDELIVR, 'latest')]: recorded('currency-api/truncated.min.json'),
      [expandUrl(PAGES, 'latest')]: recorded('currency-api/jsdelivr-404.txt', 404),
    });
    await expect(
      source([server.url + JSDELIVR, server.url + PAGES]).fetch({ book: new QuoteBook(), now }),
    ).rejects.toThrow('http: 404');
  });

  it('fills the days missing since the last known one, by date, and skips a day no mirror has', async () => {
    server = await startFixtureServer({
      [expandUrl(JSDELIVR, 'latest')]: recorded('currency-api/usd-2026-09-29.min.json'),
      [expandUrl(JSDELIVR, '2026-09-28')]: recorded('currency-api/usd-2026-09-28.min.json'),
      [expandUrl(JSDELIVR, '2026-09-27')]: recorded('currency-api/jsdelivr-404.txt', 404),
    });
    const book = new QuoteBook();
    book.apply([
      { source: 'currency-api', base: 'USD', quote: 'BRL', day: '2026-09-26', bar: singleReading(5.3, 0) },
    ]);
    const observations = await source([server.url + JSDELIVR]).fetch({ book, now });
    expect(new Set(observations.map((observation) => observation.day))).toEqual(
      new Set(['2026-09-29', '2026-09-28']),
    );
    expect(server.hits).toEqual([
      expandUrl(JSDELIVR, 'latest'),
      expandUrl(JSDELIVR, '2026-09-27'),
      expandUrl(JSDELIVR, '2026-09-28'),
    ]);
  });

  it('gives up on a silent mirror after the timeout', async () => {
    server = await startFixtureServer({ [expandUrl(PAGES, 'latest')]: { status: 200, hang: true } });
    const started = Date.now();
    await expect(source([server.url + PAGES], 150).fetch({ book: new QuoteBook(), now })).rejects.toThrow(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails fast when nothing listens (offline)', async () => {
    await expect(
      source([`${await closedPortUrl()}/{date}/usd.min.json`]).fetch({ book: new QuoteBook(), now }),
    ).rejects.toThrow('network: ECONNREFUSED');
  });
});
