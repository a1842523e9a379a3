import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { importReferenceData } from './import/import-reference.ts';
import { readReferenceDirectory } from './import/read-directory.ts';
import { startTestUpstream, type TestUpstream } from './test-upstream.ts';

let test: TestApp;
let upstream: TestUpstream;
const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  // One server plays all three providers; with no recordings, every call it gets is a failure.
  upstream = await startTestUpstream({});
  test = await createTestApp({
    env: {
      CEP_VIACEP_URL: upstream.url,
      CEP_BRASILAPI_URL: upstream.url,
      CEP_OPENCEP_URL: upstream.url,
      CEP_BREAKER_FAILURES: '1000',
    },
  });
  await importReferenceData(
    test.database.db,
    await readReferenceDirectory(path.join(import.meta.dirname, 'fixtures', 'reference')),
  );
});
afterAll(async () => {
  await test.close();
  await upstream.close();
});

describe('CEP API errors', () => {
  it('a malformed CEP is a 400 in the familiar body, and no provider is called', async () => {
    const before = upstream.hits.length;
    for (const cep of [
      'abc',
      '0100100',
      '010010000',
      '01001-0000',
      '0100-1000',
      '01001_000',
      '-01001000',
      '1e7',
    ]) {
      const response = await get(`/cep/json/${cep}`);
      expect(response.statusCode, cep).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'invalid', message: 'CEP invalido' });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    expect(upstream.hits.length).toBe(before);
  });

  it('speaks English when asked', async () => {
    const response = await get('/cep/json/abc', { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.json()).toEqual({ status: 400, code: 'invalid', message: 'Invalid CEP' });
  });

  it('the XML route answers its errors in XML', async () => {
    const response = await get('/cep/xml/abc');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toContain(
      '<xml><status>400</status><code>invalid</code><message>CEP invalido</message></xml>',
    );
  });

  it('a CEP no provider knows and no range holds is a 404', async () => {
    const notFound = await startTestUpstream({
      '/ws/00000001/json/': { status: 200, file: 'viacep-not-found.json' },
      '/api/cep/v1/00000001': { status: 404, file: 'brasilapi-not-found.json' },
      '/v1/00000001': { status: 404, file: 'opencep-not-found.json' },
    });
    const local = await createTestApp({
      env: { CEP_VIACEP_URL: notFound.url, CEP_BRASILAPI_URL: notFound.url, CEP_OPENCEP_URL: notFound.url },
    });
    try {
      const response = await local.app.inject({ method: 'GET', url: '/cep/json/00000001' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'CEP nao encontrado' });
      const english = await local.app.inject({
        method: 'GET',
        url: '/cep/json/00000001',
        headers: { 'accept-language': 'en' },
      });
      expect(english.json().message).toBe('CEP not found');
      // The not-found answer is remembered: the second request asked no provider again.
      expect(notFound.hits).toHaveLength(3);
    } finally {
      await local.close();
      await notFound.close();
    }
  });

  it('with every provider failing, a CEP inside a range still gets the city-level answer', async () => {
    const response = await get('/cep/json/40020000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-cep-source']).toBe('municipality');
    expect(response.json()).toMatchObject({ city: 'Salvador', city_ibge: '2927408', ddd: '71', address: '' });
  });

  it('that degraded answer is not remembered: the next request asks the providers again', async () => {
    const before = upstream.hits.length;
    await get('/cep/json/40020001');
    await get('/cep/json/40020001');
    expect(upstream.hits.length - before).toBe(6);
  });

  it('with every provider failing and no range, it is a 503, never a false 404', async () => {
    const response = await get('/cep/json/00000002');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 503,
      code: 'unavailable',
      message: 'Servico de CEP temporariamente indisponivel, tente novamente',
    });
    // Anonymous answers are cacheable for a minute; a failure must not be kept by any cache.
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await get('/cep/json/01001000')).headers['cache-control']).toBe('public, max-age=60');
  });

  it('other paths under /cep are 404s in the same body', async () => {
    for (const url of ['/cep/', '/cep/csv/01001000']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'CEP nao encontrado' });
    }
  });

  it('other methods are 405s with Allow in the same body (more in app.methods.test.ts)', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await test.app.inject({ method, url: '/cep/json/01001000' });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(response.json()).toEqual({
        status: 405,
        code: 'method_not_allowed',
        message: 'Método não permitido: use GET',
      });
    }
    const xml = await test.app.inject({ method: 'PUT', url: '/cep/xml/01001000' });
    expect(xml.statusCode).toBe(405);
    expect(xml.body).toContain('<code>method_not_allowed</code>');
  });
});
