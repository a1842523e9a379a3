import { afterEach, describe, expect, it } from 'vitest';
import { SourceHealthRegistry } from '#server/lib/source-health.ts';
import { type Recorded, recorded, startTestUpstream, type TestUpstream } from '../test-upstream.ts';
import { createBrasilApiProvider } from './brasilapi.ts';
import { createOpenCepProvider } from './opencep.ts';
import { createUpstream } from './upstream.ts';
import { createViaCepProvider } from './viacep.ts';

const servers: TestUpstream[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setUp(
  answers: { viacep: Recorded; brasilapi: Recorded; opencep: Recorded },
  { failures = 2, timeoutMs = 200 } = {},
) {
  const [viacep, brasilapi, opencep] = await Promise.all([
    startTestUpstream({ '/ws/01001000/json/': answers.viacep }),
    startTestUpstream({ '/api/cep/v1/01001000': answers.brasilapi }),
    startTestUpstream({ '/v1/01001000': answers.opencep }),
  ]);
  servers.push(viacep, brasilapi, opencep);
  const health = new SourceHealthRegistry();
  const upstream = createUpstream({
    providers: [
      createViaCepProvider(viacep.url),
      createBrasilApiProvider(brasilapi.url),
      createOpenCepProvider(opencep.url),
    ],
    timeoutMs,
    failureThreshold: failures,
    cooldownMs: 60_000,
    health,
  });
  return { upstream, health, hits: () => [viacep.hits.length, brasilapi.hits.length, opencep.hits.length] };
}

const down: Recorded = { status: 502, body: 'Bad Gateway', contentType: 'text/plain' };
const slow = (file: string): Recorded => recorded(file, 200, { delayMs: 1000 });
const status = (health: SourceHealthRegistry) =>
  Object.fromEntries(health.list().map((source) => [source.name, source]));

describe('upstream race', () => {
  it('takes the first provider that finds the CEP, without waiting for a slow one', async () => {
    const { upstream, health } = await setUp(
      {
        viacep: recorded('viacep-01001000.json', 200, { delayMs: 5000 }),
        brasilapi: down,
        opencep: recorded('opencep-01001000.json', 200, { delayMs: 20 }),
      },
      { timeoutMs: 10_000 },
    );
    const started = Date.now();
    const result = await upstream.lookup('01001000');
    expect(result).toMatchObject({ kind: 'found', provider: 'opencep', address: { lat: -23.5501976 } });
    expect(Date.now() - started).toBeLessThan(2500);
    const sources = status(health);
    expect(sources.opencep?.lastSuccessAt).toBeInstanceOf(Date);
    expect(sources.brasilapi?.lastError).toBe('status 502');
    // The slow one was cancelled by the winner: neither a success nor a failure.
    expect(sources.viacep?.lastError).toBeNull();
    expect(sources.viacep?.lastSuccessAt).toBeNull();
  });

  it('says not found when a provider says so and none finds it', async () => {
    const { upstream } = await setUp({
      viacep: recorded('viacep-not-found.json'),
      brasilapi: recorded('brasilapi-not-found.json', 404),
      opencep: down,
    });
    expect(await upstream.lookup('01001000')).toEqual({ kind: 'not_found' });
  });

  it('is unavailable when every provider fails or times out, and records why', async () => {
    const { upstream, health } = await setUp({
      viacep: slow('viacep-01001000.json'),
      brasilapi: down,
      opencep: { status: 200, body: 'not json' },
    });
    expect(await upstream.lookup('01001000')).toEqual({ kind: 'unavailable' });
    const sources = status(health);
    expect(sources.viacep?.lastError).toBe('timeout after 200 ms');
    expect(sources.opencep?.lastError).toBe('malformed JSON body');
    expect(Object.values(sources).map((source) => source.api)).toEqual(['cep', 'cep', 'cep']);
  });

  it("opens a failing provider's circuit, stops calling it, and shows it on the status registry", async () => {
    const { upstream, health, hits } = await setUp(
      { viacep: down, brasilapi: down, opencep: recorded('opencep-01001000.json', 200, { delayMs: 30 }) },
      { failures: 2 },
    );
    await upstream.lookup('01001000');
    await upstream.lookup('01001000');
    expect(status(health).viacep?.circuit).toBe('open');
    expect(status(health).opencep?.circuit).toBe('closed');
    expect(hits()).toEqual([2, 2, 2]);
    expect(await upstream.lookup('01001000')).toMatchObject({ kind: 'found', provider: 'opencep' });
    expect(hits()).toEqual([2, 2, 3]);
  });

  it('is unavailable at once, with no call, when every circuit is open', async () => {
    const { upstream, hits } = await setUp({ viacep: down, brasilapi: down, opencep: down }, { failures: 1 });
    expect(await upstream.lookup('01001000')).toEqual({ kind: 'unavailable' });
    expect(await upstream.lookup('01001000')).toEqual({ kind: 'unavailable' });
    expect(hits()).toEqual([1, 1, 1]);
  });
});
