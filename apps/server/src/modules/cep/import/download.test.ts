import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_PATHS, downloadReference } from './download.ts';
import { normalizeCityName } from './join-sources.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'download');
const FILES: Record<string, string> = {
  states: 'estados.csv',
  municipalities: 'municipios.csv',
  cities: 'res.city.csv',
  ranges: 'l10n_br.zip.range.csv',
};

let server: Server;
let baseUrl: string;
const requested: string[] = [];

beforeAll(async () => {
  // A local mirror of raw.githubusercontent.com holding a few real rows of each public file.
  const byPath = new Map(
    Object.entries(DOWNLOAD_PATHS).map(([name, file]) => [`/mirror/${file}`, FILES[name] as string]),
  );
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    const file = byPath.get(request.url ?? '');
    if (!file) return void response.writeHead(404).end('404: Not Found');
    response
      .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      .end(readFileSync(path.join(FIXTURES, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('reference download', () => {
  it('fetches the pinned public files and joins Odoo ranges to IBGE municipalities', async () => {
    const { data, unmatchedCities, skippedRanges } = await downloadReference(`${baseUrl}/mirror`);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/mirror/odoo/odoo/4fb8c7240d0a8e39b8e65705320362f63df5b25c/addons/l10n_br/data/l10n_br.zip.range.csv',
        '/mirror/kelvins/municipios-brasileiros/503e2f70bbf1b4b7ec0b1f68b09086ccc38fe861/csv/municipios.csv',
      ]),
    );
    expect(data.municipalities.map((m) => [m.ibge, m.name, m.uf, m.ddd])).toEqual([
      ['2405306', 'Januário Cicco (Boa Saúde)', 'RN', '84'],
      ['3145455', "Olhos d'Água", 'MG', '38'],
      ['3304557', 'Rio de Janeiro', 'RJ', '21'],
      ['3550308', 'São Paulo', 'SP', '11'],
    ]);
    expect(data.ranges).toEqual([
      { cepStart: 1000001, cepEnd: 5999999, ibge: '3550308' },
      { cepStart: 8000000, cepEnd: 8499999, ibge: '3550308' },
      { cepStart: 20000001, cepEnd: 23799999, ibge: '3304557' },
      // "Olhos-d'Água" matches "Olhos d'Água" after normalisation; "Boa Saúde" by the hand-checked list.
      { cepStart: 39398000, cepEnd: 39399999, ibge: '3145455' },
      { cepStart: 59260000, cepEnd: 59269999, ibge: '2405306' },
    ]);
    expect(unmatchedCities).toEqual(['Cidade Sem Par (SP)']);
    expect(skippedRanges).toBe(1);
    expect(data.streets).toEqual([]);
  });

  it('stops with the URL and status when a file is missing', async () => {
    await expect(downloadReference(`${baseUrl}/elsewhere`)).rejects.toThrow(/\/elsewhere\/.+: HTTP 404/);
  });

  it('normalises names the way the data set was built', () => {
    expect(normalizeCityName("  Olhos-d'Água ")).toBe('olhos d agua');
    expect(normalizeCityName('São  João del-Rei')).toBe('sao joao del rei');
    expect(normalizeCityName('Araçás')).toBe(normalizeCityName('Araças'));
  });
});
