import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QuoteBook } from '../book.ts';
import { type FixtureServer, recorded, startFixtureServer } from '../test/fixture-server.ts';
import { singleReading } from '../types.ts';
import { createPtaxSource, parsePtaxPeriod, ptaxPeriodUrl } from './bcb-ptax.ts';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'bcb-ptax', name), 'utf8');
const USD = 'usd-2026-09-20-2026-09-29.json';
const EUR = 'eur-2026-09-20-2026-09-29.json';

type Bulletin = { cotacaoCompra: number; cotacaoVenda: number; dataHoraCotacao: string; tipoBoletim: string };
const bulletins = (name: string) => (JSON.parse(fixture(name)) as { value: Bulletin[] }).value;

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the PTAX period answer', () => {
  it('makes one bar per business day from its bulletins; the weekend has none', () => {
    const observations = parsePtaxPeriod(fixture(USD), 'USD');
    expect(observations.map((observation) => observation.day)).toEqual([
      '2026-09-21',
      '2026-09-22',
      '2026-09-23',
      '2026-09-24',
      '2026-09-25',
      '2026-09-28',
      '2026-09-29',
    ]);
    const day = bulletins(USD).filter((bulletin) => bulletin.dataHoraCotacao.startsWith('2026-09-29'));
    const closing = day.find((bulletin) => bulletin.tipoBoletim === 'Fechamento PTAX') as Bulletin;
    const last = observations.at(-1);
    expect(last).toMatchObject({ source: 'bcb-ptax', base: 'USD', quote: 'BRLPTAX' });
    expect(last?.bar).toEqual({
      open: day[0]?.cotacaoCompra,
      openAt: Date.parse(`${day[0]?.dataHoraCotacao.replace(' ', 'T')}-03:00`),
      high: Math.max(...day.map((bulletin) => bulletin.cotacaoCompra)),
      low: Math.min(...day.map((bulletin) => bulletin.cotacaoCompra)),
      close: closing.cotacaoCompra,
      ask: closing.cotacaoVenda,
      // Brasília time is UTC-3.
      asOf: Date.parse(`${closing.dataHoraCotacao.replace(' ', 'T')}-03:00`),
    });
  });

  it('reads the euro the same way, in reais per euro', () => {
    const observations = parsePtaxPeriod(fixture(EUR), 'EUR');
    expect(observations).toHaveLength(7);
    expect(observations[0]?.bar.close).toBeGreaterThan(5.5);
  });

  it('answers nothing, without failing, for a window of weekend days', () => {
    expect(parsePtaxPeriod(fixture('weekend-empty.json'), 'USD')).toEqual([]);
  });

  it('skips a day whose closing PTAX is not out yet', () => {
    const morning = bulletins(USD).filter(
      (bulletin) =>
        bulletin.dataHoraCotacao.startsWith('2026-09-29') && bulletin.tipoBoletim !== 'Fechamento PTAX',
    );
    expect(parsePtaxPeriod(JSON.stringify({ value: morning }), 'USD')).toEqual([]);
  });

  it.each([
    ['a cut-off transfer', fixture('truncated.json')],
    ['a bulletin without its bid', fixture('missing-fields.json')],
    ['an OData error object', fixture('odata-error.json')],
    ['an HTML page', fixture('service-unavailable.html')],
    [
      'an impossible date',
      JSON.stringify({
        value: [
          {
            cotacaoCompra: 5,
            cotacaoVenda: 5,
            dataHoraCotacao: '2026-02-30 13:00:00.000',
            tipoBoletim: 'Fechamento PTAX',
          },
        ],
      }),
    ],
  ])('refuses %s as malformed', (_name, text) => {
    expect(() => parsePtaxPeriod(text, 'USD')).toThrow(/^malformed/);
  });
});

describe('the PTAX source', () => {
  const now = Date.parse('2026-09-29T20:00:00Z');
  const path = (currency: string, from: string) => ptaxPeriodUrl('', currency, from, '2026-09-29');

  it('asks the OData period function for USD and EUR with quoted MM-DD-YYYY dates', async () => {
    server = await startFixtureServer({
      [path('USD', '2026-09-19')]: recorded(`bcb-ptax/${USD}`),
      [path('EUR', '2026-09-19')]: recorded(`bcb-ptax/${EUR}`),
    });
    const book = new QuoteBook();
    book.apply([
      { source: 'bcb-ptax', base: 'USD', quote: 'BRLPTAX', day: '2026-09-18', bar: singleReading(5.3, 0) },
    ]);
    const source = createPtaxSource({ baseUrl: server.url, timeoutMs: 2_000, intervalMs: 60_000 });
    const observations = await source.fetch({ book, now });
    expect(observations).toHaveLength(14);
    expect(server.hits[0]).toBe(
      "/CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)?@moeda='USD'&@dataInicial='09-19-2026'&@dataFinalCotacao='09-29-2026'&$format=json&$select=paridadeCompra,paridadeVenda,cotacaoCompra,cotacaoVenda,dataHoraCotacao,tipoBoletim",
    );
  });

  it('asks for a longer window when it knows nothing yet', async () => {
    server = await startFixtureServer({
      [path('USD', '2026-08-15')]: recorded('bcb-ptax/weekend-empty.json'),
      [path('EUR', '2026-08-15')]: recorded('bcb-ptax/weekend-empty.json'),
    });
    const source = createPtaxSource({ baseUrl: server.url, timeoutMs: 2_000, intervalMs: 60_000 });
    await expect(source.fetch({ book: new QuoteBook(), now })).resolves.toEqual([]);
    expect(server.hits).toHaveLength(2);
  });

  it('fails with the status when the service is down or refuses the request', async () => {
    server = await startFixtureServer({
      [path('USD', '2026-08-15')]: recorded('bcb-ptax/service-unavailable.html', 503),
    });
    const source = createPtaxSource({ baseUrl: server.url, timeoutMs: 2_000, intervalMs: 60_000 });
    await expect(source.fetch({ book: new QuoteBook(), now })).rejects.toThrow('http: 503');
    server.set(path('USD', '2026-08-15'), recorded('bcb-ptax/odata-error.json', 400));
    await expect(source.fetch({ book: new QuoteBook(), now })).rejects.toThrow('http: 400');
  });
});
