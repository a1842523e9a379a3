import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cepMunicipalities } from '../../db/schema/cep-municipalities.ts';
import { cepRanges } from '../../db/schema/cep-ranges.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { importReferenceData } from './import/import-reference.ts';
import { readReferenceDirectory } from './import/read-directory.ts';
import { recorded, startTestUpstream, type TestUpstream } from './test-upstream.ts';

/**
 * The familiar API's semantics (issue 16): 200 only with a street; the upstreams' "not found" is a 404
 * whatever the ranges say; the municipality only when no upstream could answer, and marked.
 */
const NOT_FOUND_INSIDE_SAO_PAULO = '01999000';
const UPSTREAMS_DOWN = '02000000';

let viacep: TestUpstream;
let brasilapi: TestUpstream;
let opencep: TestUpstream;
const upstreamEnv = () => ({
  CEP_VIACEP_URL: viacep.url,
  CEP_BRASILAPI_URL: brasilapi.url,
  CEP_OPENCEP_URL: opencep.url,
  CEP_PROVIDER_TIMEOUT_MS: '5000',
});
const failing = { status: 503, body: 'down', contentType: 'text/plain' };

beforeAll(async () => {
  viacep = await startTestUpstream({
    '/ws/01001000/json/': recorded('viacep-01001000.json'),
    [`/ws/${NOT_FOUND_INSIDE_SAO_PAULO}/json/`]: recorded('viacep-not-found.json'),
    [`/ws/${UPSTREAMS_DOWN}/json/`]: failing,
  });
  brasilapi = await startTestUpstream({
    [`/api/cep/v1/${NOT_FOUND_INSIDE_SAO_PAULO}`]: recorded('brasilapi-not-found.json', 404),
    [`/api/cep/v1/${UPSTREAMS_DOWN}`]: failing,
  });
  opencep = await startTestUpstream({
    [`/v1/${NOT_FOUND_INSIDE_SAO_PAULO}`]: recorded('opencep-not-found.json', 404),
    [`/v1/${UPSTREAMS_DOWN}`]: failing,
  });
});
afterAll(async () => {
  await Promise.all([viacep.close(), brasilapi.close(), opencep.close()]);
});

async function appWithRanges(env: Record<string, string>): Promise<TestApp> {
  const test = await createTestApp({ env });
  const data = await readReferenceDirectory(path.join(import.meta.dirname, 'fixtures', 'reference'));
  await importReferenceData(test.database.db, { ...data, streets: [] });
  return test;
}

describe('with the demo ranges (a few capitals)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await appWithRanges(upstreamEnv());
  });
  afterAll(() => test.close());
  const get = (url: string) => test.app.inject({ method: 'GET', url });

  it('answers 404 not_found when the upstreams say "not found", though the CEP lies in São Paulo’s range', async () => {
    for (const format of ['json', 'xml']) {
      const response = await get(`/cep/${format}/${NOT_FOUND_INSIDE_SAO_PAULO}`);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).toContain('not_found');
    }
  });

  it('falls back to the municipality, marked, only while every upstream is unavailable', async () => {
    const response = await get(`/cep/json/${UPSTREAMS_DOWN}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-cep-precision']).toBe('municipality');
    expect(response.headers['x-cep-source']).toBe('municipality');
    expect(response.json()).toMatchObject({
      cep: UPSTREAMS_DOWN,
      city: 'São Paulo',
      state: 'SP',
      address: '',
    });
  });

  it('marks a street-level answer as such', async () => {
    const response = await get('/cep/json/01001000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-cep-precision']).toBe('street');
  });
});

describe('with CEP_UPSTREAM=off', () => {
  it('answers the municipality, marked, and 404 outside every range', async () => {
    const test = await appWithRanges({ CEP_UPSTREAM: 'off' });
    try {
      const inside = await test.app.inject(`/cep/json/${NOT_FOUND_INSIDE_SAO_PAULO}`);
      expect(inside.statusCode).toBe(200);
      expect(inside.headers['x-cep-precision']).toBe('municipality');
      expect((await test.app.inject('/cep/json/99999999')).statusCode).toBe(404);
    } finally {
      await test.close();
    }
  });
});

describe('with the ranges of every state imported', () => {
  it('answers 404 for a CEP outside every range without asking any upstream', async () => {
    const test = await createTestApp({ env: upstreamEnv() });
    try {
      const states = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(
        ' ',
      );
      await test.database.db.insert(cepMunicipalities).values(
        states.map((uf, index) => ({
          ibge: String(1_000_000 + index),
          name: `Cidade ${uf}`,
          uf,
          ddd: '11',
          lat: -10,
          lng: -50,
          timezone: 'America/Sao_Paulo',
          isCapital: true,
        })),
      );
      await test.database.db.insert(cepRanges).values(
        states.map((_uf, index) => ({
          cepStart: 90_000_000 + index * 1_000,
          cepEnd: 90_000_000 + index * 1_000 + 999,
          ibge: String(1_000_000 + index),
        })),
      );
      const hitsBefore = viacep.hits.length + brasilapi.hits.length + opencep.hits.length;

      const response = await test.app.inject('/cep/json/01001000');

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      expect(viacep.hits.length + brasilapi.hits.length + opencep.hits.length).toBe(hitsBefore);
    } finally {
      await test.close();
    }
  });
});
