import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceHealthRegistry } from '../../lib/source-health.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { statusRoutes } from './routes.ts';

type Source = {
  name: string;
  api: string;
  state: string;
  lastSuccessAt: string | null;
  ageMs: number | null;
  isStale: boolean;
};
type Api = { api: string; state: string; dataAsOf: string | null };
type Status = { status: string; generatedAt: string; apis: Api[]; sources: Source[] };

const DATASET_AS_OF = '2026-09-29T00:00:00.000Z';
const DAY = 86_400_000;

/** What a public status document must never carry: circuit states, raw errors, package names. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/circuit|half-open|"open"|"closed"/i);
  expect(text).not.toMatch(/lastError|ENOTFOUND|ECONNREFUSED|timeout after|http: \d/);
  expect(text).not.toContain('@');
}

describe('GET /api/status on the whole server', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('lists every source of both APIs, without authentication and never cached', async () => {
    const response = await test.app.inject('/api/status');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as Status;
    const names = body.sources.map((source) => `${source.api}:${source.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'quotes:currency-api-npm',
        'quotes:currency-api-cdn',
        'quotes:bcb-ptax',
        'quotes:ecb',
      ]),
    );
    expect(body.sources.some((source) => source.api === 'cep')).toBe(true);
    expect(Date.parse(body.generatedAt)).toBeGreaterThan(0);
  });

  it('calls the quotes API stale, with its data’s date, while it answers from the bundled dataset', async () => {
    const response = await test.app.inject('/api/status');
    const body = response.json() as Status;
    // It does answer: the state must not say otherwise.
    expect((await test.app.inject('/quotes/json/last/USD-BRL')).statusCode).toBe(200);
    expect(body.apis).toEqual([
      { api: 'quotes', state: 'stale', dataAsOf: DATASET_AS_OF },
      { api: 'cep', state: 'operational', dataAsOf: null },
    ]);
    expect(body.status).toBe('degraded');
    const dataset = body.sources.find((source) => source.name === 'currency-api-npm');
    expect(dataset).toMatchObject({ lastSuccessAt: DATASET_AS_OF, isStale: true, state: 'stale' });
    const age = Date.now() - Date.parse(DATASET_AS_OF);
    expect(Math.abs((dataset?.ageMs ?? 0) - age)).toBeLessThan(60_000);
    const cdn = body.sources.find((source) => source.name === 'currency-api-cdn');
    expect(cdn).toMatchObject({ lastSuccessAt: null, ageMs: null, isStale: true, state: 'outage' });
    expectNoInternals(response.body);
  });
});

describe('GET /api/status on a server with no quotes data at all', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { QUOTES_BUNDLED_DATA: 'off' } });
  });
  afterAll(() => test.close());

  it('calls the quotes API down, and it indeed cannot answer', async () => {
    expect((await test.app.inject('/quotes/json/last/USD-BRL')).statusCode).not.toBe(200);
    const body = (await test.app.inject('/api/status')).json() as Status;
    expect(body.apis).toEqual([
      { api: 'quotes', state: 'outage', dataAsOf: null },
      { api: 'cep', state: 'operational', dataAsOf: null },
    ]);
    expect(body.status).toBe('outage');
  });
});

/** The route alone over a registry the test fills, the way the sources would. */
async function statusOver(register: (registry: SourceHealthRegistry) => void) {
  const registry = new SourceHealthRegistry();
  register(registry);
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(statusRoutes, { sourceHealth: registry });
  const read = async () => {
    const response = await app.inject('/api/status');
    return { ...(response.json() as Status), text: response.body };
  };
  return { registry, read, close: () => app.close() };
}

const ago = (ms: number) => new Date(Date.now() - ms);

describe('each API’s state, from its sources', () => {
  it('is operational while a quotes source delivers fresh data, stale with the data’s date once it is old', async () => {
    const server = await statusOver((registry) => {
      registry.register({ name: 'cdn', api: 'quotes', cadenceMs: 2 * DAY });
      registry.recordSuccess('cdn', ago(DAY));
    });
    try {
      let body = await server.read();
      expect(body.apis).toEqual([{ api: 'quotes', state: 'operational', dataAsOf: null }]);
      expect(body.status).toBe('ok');
      // A failing fetch while the data held is still fresh: the answers are current, nothing to report.
      server.registry.recordFailure('cdn', 'network: ENOTFOUND');
      server.registry.setCircuit('cdn', 'open');
      expect((await server.read()).status).toBe('ok');

      const old = ago(3 * DAY);
      server.registry.recordSuccess('cdn', old);
      body = await server.read();
      expect(body.apis).toEqual([{ api: 'quotes', state: 'stale', dataAsOf: old.toISOString() }]);
      expect(body.sources[0]).toMatchObject({ name: 'cdn', state: 'stale', isStale: true });
      expect(body.status).toBe('degraded');
      expectNoInternals(body.text);
    } finally {
      await server.close();
    }
  });

  it('dates a live source with no data of its own by the fallback that answers in its place', async () => {
    const fallbackAsOf = ago(60 * DAY);
    const server = await statusOver((registry) => {
      registry.register({ name: 'bundled', api: 'quotes', cadenceMs: 2 * DAY, isFallback: true });
      registry.recordSuccess('bundled', fallbackAsOf);
      registry.register({ name: 'cdn', api: 'quotes', cadenceMs: 2 * DAY });
      registry.register({ name: 'ecb', api: 'quotes', cadenceMs: 5 * DAY });
      registry.recordSuccess('ecb', ago(DAY));
    });
    try {
      const body = await server.read();
      expect(body.apis).toEqual([{ api: 'quotes', state: 'stale', dataAsOf: fallbackAsOf.toISOString() }]);
      expect(body.sources.map((source) => [source.name, source.state])).toEqual([
        ['bundled', 'stale'],
        ['cdn', 'outage'],
        ['ecb', 'operational'],
      ]);
      // Once the live source delivers, the fallback's age no longer matters.
      server.registry.recordSuccess('cdn', ago(DAY));
      expect((await server.read()).apis[0]?.state).toBe('operational');
    } finally {
      await server.close();
    }
  });

  it('is an outage only when the API has nothing to answer from, and so is the whole status', async () => {
    const server = await statusOver((registry) => {
      registry.register({ name: 'cdn', api: 'quotes', cadenceMs: 2 * DAY });
      registry.register({ name: 'ecb', api: 'quotes', cadenceMs: 5 * DAY });
      registry.register({ name: 'viacep', api: 'cep', cadenceMs: DAY, onDemand: true });
      registry.recordFailure('cdn', 'network: ENOTFOUND');
    });
    try {
      const body = await server.read();
      expect(body.apis).toEqual([
        { api: 'quotes', state: 'outage', dataAsOf: null },
        { api: 'cep', state: 'operational', dataAsOf: null },
      ]);
      expect(body.status).toBe('outage');
      expectNoInternals(body.text);
    } finally {
      await server.close();
    }
  });

  it('keeps CEP operational while one provider answers, and down once every provider’s last lookup failed', async () => {
    const server = await statusOver((registry) => {
      for (const name of ['viacep', 'brasilapi'])
        registry.register({ name, api: 'cep', cadenceMs: DAY, onDemand: true });
    });
    try {
      // Never asked yet: nothing is known to be wrong.
      expect((await server.read()).apis).toEqual([{ api: 'cep', state: 'operational', dataAsOf: null }]);
      server.registry.recordFailure('viacep', 'timeout after 3000 ms');
      server.registry.setCircuit('viacep', 'open');
      server.registry.recordSuccess('brasilapi');
      let body = await server.read();
      expect(body.apis[0]?.state).toBe('operational');
      expect(body.sources.map((source) => [source.name, source.state])).toEqual([
        ['brasilapi', 'operational'],
        ['viacep', 'outage'],
      ]);
      expect(body.status).toBe('ok');

      server.registry.recordFailure('brasilapi', 'network: ENOTFOUND', new Date(Date.now() + 1));
      body = await server.read();
      expect(body.apis[0]?.state).toBe('outage');
      expect(body.status).toBe('outage');
      expectNoInternals(body.text);

      server.registry.recordSuccess('viacep', new Date(Date.now() + 2));
      expect((await server.read()).apis[0]?.state).toBe('operational');
    } finally {
      await server.close();
    }
  });

  it('says degraded, not outage, when one API is stale and the other fine; ok with no source at all', async () => {
    const server = await statusOver((registry) => {
      registry.register({ name: 'cdn', api: 'quotes', cadenceMs: 2 * DAY });
      registry.recordSuccess('cdn', ago(10 * DAY));
      registry.register({ name: 'viacep', api: 'cep', cadenceMs: DAY, onDemand: true });
      registry.recordSuccess('viacep');
    });
    const empty = await statusOver(() => {});
    try {
      expect((await server.read()).status).toBe('degraded');
      const none = await empty.read();
      expect(none).toMatchObject({ status: 'ok', apis: [], sources: [] });
    } finally {
      await server.close();
      await empty.close();
    }
  });
});
