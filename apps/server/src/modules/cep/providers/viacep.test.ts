import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '#server/lib/upstream-error.ts';
import { recorded, startTestUpstream, type TestUpstream } from '../test-upstream.ts';
import { createViaCepProvider } from './viacep.ts';

let upstream: TestUpstream;
const lookup = (cep: string) => createViaCepProvider(upstream.url).lookup(cep, AbortSignal.timeout(2000));

beforeAll(async () => {
  upstream = await startTestUpstream({
    '/ws/01001000/json/': recorded('viacep-01001000.json'),
    '/ws/05010000/json/': recorded('viacep-05010000.json'),
    '/ws/99999999/json/': recorded('viacep-not-found.json'),
    '/ws/99999998/json/': recorded('viacep-not-found-legacy.json'),
    '/ws/12345678/json/': recorded('viacep-bad-request.html', 400),
    '/ws/22222222/json/': { status: 200, body: '{"cep": "22222-222", "logradou' },
    '/ws/33333333/json/': { status: 503, body: 'Service Unavailable', contentType: 'text/plain' },
    '/ws/44444444/json/': recorded('viacep-01001000.json'),
    '/ws/55555555/json/': { status: 200, body: '{"cep":"55555-555","localidade":"","uf":"São Paulo"}' },
  });
});
afterAll(() => upstream.close());

describe('ViaCEP adapter, against recorded answers', () => {
  it('maps the current format, DDD and IBGE code included', async () => {
    expect(await lookup('01001000')).toEqual({
      kind: 'found',
      address: {
        cep: '01001000',
        street: 'Praça da Sé',
        complement: 'lado ímpar',
        district: 'Sé',
        city: 'São Paulo',
        uf: 'SP',
        ibge: '3550308',
        ddd: '11',
        lat: null,
        lng: null,
      },
    });
  });

  it('maps the older format, which has no DDD', async () => {
    const outcome = await lookup('05010000');
    expect(outcome).toMatchObject({ kind: 'found', address: { street: 'Rua Caiubi', ddd: null } });
  });

  it('reads {"erro": true} and {"erro": "true"} as not found', async () => {
    expect(await lookup('99999999')).toEqual({ kind: 'not_found' });
    expect(await lookup('99999998')).toEqual({ kind: 'not_found' });
  });

  it('treats a 400, a 5xx, a cut-off body and a wrong shape as failures, never as data', async () => {
    for (const cep of ['12345678', '33333333', '22222222', '55555555']) {
      await expect(lookup(cep)).rejects.toBeInstanceOf(UpstreamError);
    }
  });

  it('refuses an answer about another CEP', async () => {
    await expect(lookup('44444444')).rejects.toThrow(/another CEP/);
  });
});
