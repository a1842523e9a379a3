import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '#server/lib/upstream-error.ts';
import { recorded, startTestUpstream, type TestUpstream } from '../test-upstream.ts';
import { createOpenCepProvider } from './opencep.ts';

let upstream: TestUpstream;
const lookup = (cep: string) => createOpenCepProvider(upstream.url).lookup(cep, AbortSignal.timeout(2000));

beforeAll(async () => {
  upstream = await startTestUpstream({
    '/v1/01001000': recorded('opencep-01001000.json'),
    '/v1/99999999': recorded('opencep-not-found.json', 404),
    '/v1/11111111': {
      status: 200,
      body: '{"cep":"11111-111","localidade":"Santos","uf":"SP","lat":123,"lon":1}',
    },
    '/v1/22222222': { status: 403, body: 'Forbidden', contentType: 'text/plain' },
  });
});
afterAll(() => upstream.close());

describe('OpenCEP adapter, against recorded answers', () => {
  it('maps a found CEP with its coordinates', async () => {
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
        ddd: null,
        lat: -23.5501976,
        lng: -46.634116,
      },
    });
  });

  it('reads its 404 page as not found', async () => {
    expect(await lookup('99999999')).toEqual({ kind: 'not_found' });
  });

  it('rejects impossible coordinates and other statuses', async () => {
    await expect(lookup('11111111')).rejects.toBeInstanceOf(UpstreamError);
    await expect(lookup('22222222')).rejects.toBeInstanceOf(UpstreamError);
  });

  it('gives up when the caller aborts (timeout) and says so', async () => {
    const slow = await startTestUpstream({
      '/v1/01001000': recorded('opencep-01001000.json', 200, { delayMs: 500 }),
    });
    try {
      const provider = createOpenCepProvider(slow.url);
      await expect(provider.lookup('01001000', AbortSignal.timeout(50))).rejects.toMatchObject({
        name: 'TimeoutError',
      });
    } finally {
      await slow.close();
    }
  });
});
