import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cepAddresses } from '../../db/schema/cep-addresses.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { importReferenceData } from './import/import-reference.ts';
import { readReferenceDirectory } from './import/read-directory.ts';

let test: TestApp;
const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  test = await createTestApp({ env: { CEP_UPSTREAM: 'off' } });
  const data = await readReferenceDirectory(path.join(import.meta.dirname, 'fixtures', 'reference'));
  await importReferenceData(test.database.db, data);
});
afterAll(() => test.close());

describe('GET /cep/json/:cep from imported data', () => {
  it('answers an imported street record in the familiar format, every value a string', async () => {
    const response = await get('/cep/json/01001000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The page-oriented security headers are left to the portal's pages.
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-cep-source']).toBe('import');
    expect(response.body).toBe(
      JSON.stringify({
        cep: '01001000',
        address_type: 'Praça',
        address_name: 'da Sé',
        address: 'Praça da Sé',
        state: 'SP',
        district: 'Sé',
        lat: '-23.5501976',
        lng: '-46.634116',
        city: 'São Paulo',
        city_ibge: '3550308',
        ddd: '11',
      }),
    );
  });

  it('accepts the hyphenated form', async () => {
    const response = await get('/cep/json/20040-020');
    expect(response.json()).toMatchObject({
      cep: '20040020',
      address_type: 'Praça',
      address_name: 'Pio X',
      ddd: '21',
    });
  });

  it('answers a CEP known only by its range at city level: street fields empty, city coordinates', async () => {
    const response = await get('/cep/json/30130010');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-cep-source']).toBe('municipality');
    expect(response.json()).toEqual({
      cep: '30130010',
      address_type: '',
      address_name: '',
      address: '',
      state: 'MG',
      district: '',
      lat: '-19.9102',
      lng: '-43.9266',
      city: 'Belo Horizonte',
      city_ibge: '3106200',
      ddd: '31',
    });
  });

  it('answers the five measured CEPs with the right city, IBGE code and DDD', async () => {
    const expected = [
      ['01001000', 'São Paulo', 'SP', '3550308', '11'],
      ['20040020', 'Rio de Janeiro', 'RJ', '3304557', '21'],
      ['70040010', 'Brasília', 'DF', '5300108', '61'],
      ['30130010', 'Belo Horizonte', 'MG', '3106200', '31'],
      ['40020000', 'Salvador', 'BA', '2927408', '71'],
    ];
    for (const [cep, city, state, ibge, ddd] of expected) {
      expect((await get(`/cep/json/${cep}`)).json()).toMatchObject({
        cep,
        city,
        state,
        city_ibge: ibge,
        ddd,
      });
    }
  });

  it('a single-CEP locality keeps its empty street fields', async () => {
    expect((await get('/cep/json/53990000')).json()).toMatchObject({
      address_type: '',
      address_name: '',
      address: '',
      city: 'Fernando de Noronha',
      ddd: '81',
    });
  });

  it('serves a repeated CEP from memory, without the database', async () => {
    await get('/cep/json/70040010');
    await test.database.db.delete(cepAddresses).where(eq(cepAddresses.cep, '70040010'));
    const response = await get('/cep/json/70040010');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ address: 'Quadra SBN Quadra 1', district: 'Asa Norte' });
  });
});

describe('GET /cep/xml/:cep', () => {
  it('answers the same fields as XML', async () => {
    const response = await get('/cep/xml/01001-000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<xml><cep>01001000</cep><address_type>Praça</address_type>' +
        '<address_name>da Sé</address_name><address>Praça da Sé</address><state>SP</state><district>Sé</district>' +
        '<lat>-23.5501976</lat><lng>-46.634116</lng><city>São Paulo</city><city_ibge>3550308</city_ibge>' +
        '<ddd>11</ddd></xml>\n',
    );
  });
});
