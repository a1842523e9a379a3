import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '#server/lib/upstream-error.ts';
import { recorded, startTestUpstream, type TestUpstream } from '../test-upstream.ts';
import { createBrasilApiProvider } from './brasilapi.ts';

let upstream: TestUpstream;
const lookup = (cep: string) => createBrasilApiProvider(upstream.url).lookup(cep, AbortSignal.timeout(2000));

beforeAll(async () => {
  upstream = await startTestUpstream({
    '/api/cep/v1/05010000': recorded('brasilapi-05010000.json'),
    '/api/cep/v1/99999999': recorded('brasilapi-not-found.json', 404),
    '/api/cep/v1/11111111': { status: 400, body: '{"name":"CepPromiseError","type":"validation_error"}' },
    '/api/cep/v1/22222222': { status: 500, body: '{"message":"internal"}' },
    '/api/cep/v1/33333333': { status: 200, body: '<html>maintenance</html>', contentType: 'text/html' },
  });
});
afterAll(() => upstream.close());

describe('BrasilAPI adapter, against recorded answers', () => {
  it('maps a found CEP; BrasilAPI gives no IBGE code, DDD or coordinates', async () => {
    expect(await lookup('05010000')).toEqual({
      kind: 'found',
      address: {
        cep: '05010000',
        street: 'Rua Caiubi',
        complement: '',
        district: 'Perdizes',
        city: 'São Paulo',
        uf: 'SP',
        ibge: null,
        ddd: null,
        lat: null,
        lng: null,
      },
    });
  });

  it('reads its 404 as not found', async () => {
    expect(await lookup('99999999')).toEqual({ kind: 'not_found' });
  });

  it('treats a 400, a 500 and an HTML body as failures', async () => {
    for (const cep of ['11111111', '22222222', '33333333']) {
      await expect(lookup(cep)).rejects.toBeInstanceOf(UpstreamError);
    }
  });
});
