import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { cepAddresses } from '../../db/schema/cep-addresses.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { importReferenceData } from './import/import-reference.ts';
import { readReferenceDirectory } from './import/read-directory.ts';
import { recorded, startTestUpstream, type TestUpstream } from './test-upstream.ts';

let test: TestApp;
let viacep: TestUpstream;
let brasilapi: TestUpstream;
let opencep: TestUpstream;
const get = (url: string) => test.app.inject({ method: 'GET', url });
const env = () => ({
  CEP_VIACEP_URL: viacep.url,
  CEP_BRASILAPI_URL: brasilapi.url,
  CEP_OPENCEP_URL: opencep.url,
  CEP_PROVIDER_TIMEOUT_MS: '5000',
});

beforeAll(async () => {
  const late = { delayMs: 1500 };
  viacep = await startTestUpstream({
    '/ws/01001000/json/': recorded('viacep-01001000.json'),
    '/ws/05010000/json/': recorded('viacep-05010000.json', 200, late),
    '/ws/30130010/json/': recorded('viacep-not-found.json', 200, late),
  });
  brasilapi = await startTestUpstream({
    '/api/cep/v1/01001000': recorded('brasilapi-05010000.json', 200, late),
    '/api/cep/v1/05010000': recorded('brasilapi-05010000.json'),
    '/api/cep/v1/30130010': recorded('brasilapi-not-found.json', 404, late),
  });
  opencep = await startTestUpstream({
    '/v1/01001000': recorded('opencep-01001000.json', 200, late),
    '/v1/05010000': recorded('opencep-not-found.json', 404, late),
    '/v1/30130010': recorded('opencep-30130010.json', 200, { delayMs: 20 }),
    '/v1/20040020': recorded('opencep-20040020.json', 200, { delayMs: 100 }),
  });
  test = await createTestApp({ env: env() });
  // Municipalities and ranges only: no street records, so every street answer has to come from upstream.
  const data = await readReferenceDirectory(path.join(import.meta.dirname, 'fixtures', 'reference'));
  await importReferenceData(test.database.db, { ...data, streets: [] });
});
afterAll(async () => {
  await test.close();
  await Promise.all([viacep.close(), brasilapi.close(), opencep.close()]);
});

describe('GET /cep/json/:cep through the upstream providers', () => {
  it('answers with the fastest provider that finds it and stores the answer', async () => {
    const response = await get('/cep/json/01001000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-cep-source']).toBe('viacep');
    expect(response.json()).toEqual({
      cep: '01001000',
      address_type: 'Praça',
      address_name: 'da Sé',
      address: 'Praça da Sé',
      state: 'SP',
      district: 'Sé',
      // ViaCEP gives no coordinates: the city's centre stands in.
      lat: '-23.5329',
      lng: '-46.6395',
      city: 'São Paulo',
      city_ibge: '3550308',
      ddd: '11',
    });
    const [row] = await test.database.db.select().from(cepAddresses).where(eq(cepAddresses.cep, '01001000'));
    expect(row).toMatchObject({ source: 'viacep', street: 'Praça da Sé', ibge: '3550308', ddd: '11' });
  });

  it('completes a BrasilAPI answer (no IBGE code, no DDD) from the ranges and municipalities', async () => {
    const response = await get('/cep/json/05010-000');
    expect(response.headers['x-cep-source']).toBe('brasilapi');
    expect(response.json()).toMatchObject({
      address_type: 'Rua',
      address_name: 'Caiubi',
      district: 'Perdizes',
      city_ibge: '3550308',
      ddd: '11',
    });
  });

  it('keeps the coordinates OpenCEP gives', async () => {
    const response = await get('/cep/json/30130010');
    expect(response.headers['x-cep-source']).toBe('opencep');
    expect(response.json()).toMatchObject({ lat: '-19.918807', lng: '-43.9385588', ddd: '31' });
  });

  it('a stored answer is served from the database by a fresh process, without any provider', async () => {
    const before = [viacep.hits.length, brasilapi.hits.length, opencep.hits.length];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      ...env(),
      CEP_VIACEP_URL: 'http://127.0.0.1:9',
    });
    const restarted = await buildApp({ config, database: test.database });
    try {
      const response = await restarted.inject({ method: 'GET', url: '/cep/xml/01001000' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<address>Praça da Sé</address>');
      expect(response.headers['x-cep-source']).toBe('viacep');
    } finally {
      await restarted.close();
    }
    expect([viacep.hits.length, brasilapi.hits.length, opencep.hits.length]).toEqual(before);
  });

  it('concurrent requests for one new CEP share a single upstream race', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => get('/cep/json/20040020')));
    expect(responses.map((response) => response.json().address)).toEqual(Array(20).fill('Praça Pio X'));
    expect(opencep.hits.filter((hit) => hit === '/v1/20040020')).toHaveLength(1);
    expect(viacep.hits.filter((hit) => hit === '/ws/20040020/json/')).toHaveLength(1);
  });
});
