import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QuoteBook } from '../book.ts';
import { type FixtureServer, recorded, startFixtureServer } from '../test/fixture-server.ts';
import { singleReading } from '../types.ts';
import { createEcbSource, parseEcbXml } from './ecb.ts';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'ecb', name), 'utf8');

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the ECB reference-rates document', () => {
  it('reads every currency of the day, per euro, as of 16:00 in Frankfurt', () => {
    const observations = parseEcbXml(fixture('eurofxref-daily.xml'));
    expect(observations).toHaveLength(29);
    expect(observations[0]).toEqual({
      source: 'ecb',
      base: 'EUR',
      quote: 'USD',
      day: '2026-09-29',
      bar: singleReading(
        Number(/currency='USD' rate='([\d.]+)'/.exec(fixture('eurofxref-daily.xml'))?.[1]),
        Date.parse('2026-09-29T14:00:00Z'),
      ),
    });
  });

  it('reads every day of the 90-day file', () => {
    const days = new Set(
      parseEcbXml(fixture('eurofxref-hist-90d.xml')).map((observation) => observation.day),
    );
    expect([...days]).toEqual([
      '2026-09-29',
      '2026-09-28',
      '2026-09-25',
      '2026-09-24',
      '2026-09-23',
      '2026-09-22',
    ]);
  });

  it.each([
    ['a cut-off transfer', fixture('truncated.xml')],
    ['an HTML error page', fixture('service-unavailable.html')],
    ['an envelope without days', '<gesmes:Envelope><Cube></Cube></gesmes:Envelope>'],
    [
      'an impossible day',
      "<gesmes:Envelope><Cube><Cube time='2026-02-30'><Cube currency='USD' rate='1.1'/></Cube></Cube></gesmes:Envelope>",
    ],
  ])('refuses %s as malformed', (_name, text) => {
    expect(() => parseEcbXml(text)).toThrow(/^malformed/);
  });
});

describe('the ECB source', () => {
  const now = Date.parse('2026-09-29T18:00:00Z');

  it('takes the 90-day file when it knows nothing recent, the daily file otherwise', async () => {
    server = await startFixtureServer({
      '/eurofxref-hist-90d.xml': recorded('ecb/eurofxref-hist-90d.xml'),
      '/eurofxref-daily.xml': recorded('ecb/eurofxref-daily.xml'),
    });
    const source = createEcbSource({ baseUrl: server.url, timeoutMs: 2_000, intervalMs: 60_000 });
    const book = new QuoteBook();
    book.apply(await source.fetch({ book, now }));
    expect(book.days('ecb')).toHaveLength(6);
    await source.fetch({ book, now });
    expect(server.hits).toEqual(['/eurofxref-hist-90d.xml', '/eurofxref-daily.xml']);
  });

  it('fails with the status of an error page', async () => {
    server = await startFixtureServer({
      '/eurofxref-hist-90d.xml': recorded('ecb/service-unavailable.html', 503),
    });
    const source = createEcbSource({ baseUrl: server.url, timeoutMs: 2_000, intervalMs: 60_000 });
    await expect(source.fetch({ book: new QuoteBook(), now })).rejects.toThrow('http: 503');
  });
});
