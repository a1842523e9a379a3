import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceHealthRegistry } from '../../lib/source-health.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { statusRoutes } from './routes.ts';

type Source = {
  name: string;
  api: string;
  lastSuccessAt: string | null;
  ageMs: number | null;
  isStale: boolean;
  circuit: string;
};

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
    const body = response.json() as { status: string; generatedAt: string; sources: Source[] };
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

  it('flags the bundled dataset stale by its own date, and live sources that never answered', async () => {
    const body = (await test.app.inject('/api/status')).json() as { status: string; sources: Source[] };
    const dataset = body.sources.find((source) => source.name === 'currency-api-npm');
    expect(dataset?.lastSuccessAt).toBe('2026-09-29T00:00:00.000Z');
    const age = Date.now() - Date.parse('2026-09-29T00:00:00Z');
    expect(Math.abs((dataset?.ageMs ?? 0) - age)).toBeLessThan(60_000);
    expect(dataset?.isStale).toBe(age > 2 * 86_400_000);
    const cdn = body.sources.find((source) => source.name === 'currency-api-cdn');
    expect(cdn).toMatchObject({ lastSuccessAt: null, ageMs: null, isStale: true, circuit: 'closed' });
    expect(body.status).toBe('degraded');
  });
});

describe('the status verdict', () => {
  const registry = new SourceHealthRegistry();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  beforeAll(async () => {
    registry.register({ name: 'fresh', api: 'quotes', cadenceMs: 60_000 });
    registry.register({ name: 'viacep', api: 'cep', cadenceMs: 60_000 });
    await app.register(statusRoutes, { sourceHealth: registry });
  });
  afterAll(() => app.close());

  it('is ok only while every source is fresh with its circuit closed', async () => {
    registry.recordSuccess('fresh');
    registry.recordSuccess('viacep');
    const ok = (await app.inject('/api/status')).json() as { status: string; sources: Source[] };
    expect(ok.status).toBe('ok');
    expect(ok.sources.map((source) => source.name)).toEqual(['viacep', 'fresh']);
    registry.setCircuit('viacep', 'open');
    expect((await app.inject('/api/status')).json().status).toBe('degraded');
    registry.setCircuit('viacep', 'closed');
    registry.recordSuccess('fresh', new Date(Date.now() - 120_000));
    const stale = (await app.inject('/api/status')).json() as { status: string; sources: Source[] };
    expect(stale.status).toBe('degraded');
    expect(stale.sources.find((source) => source.name === 'fresh')?.isStale).toBe(true);
  });

  it('counts an on-demand source as stale only while its last answer failed, and never judges a fallback', async () => {
    const demand = new SourceHealthRegistry();
    demand.register({ name: 'opencep', api: 'cep', cadenceMs: 60_000, onDemand: true });
    demand.register({ name: 'bundled', api: 'quotes', cadenceMs: 60_000, isFallback: true });
    demand.recordSuccess('bundled', new Date(Date.now() - 86_400_000));
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await server.register(statusRoutes, { sourceHealth: demand });
    try {
      const read = async () =>
        (await server.inject('/api/status')).json() as { status: string; sources: Source[] };
      const idle = await read();
      expect(idle.status).toBe('ok');
      expect(idle.sources.map((source) => [source.name, source.isStale])).toEqual([
        ['opencep', false],
        ['bundled', true],
      ]);
      demand.recordFailure('opencep', 'timeout');
      expect((await read()).status).toBe('degraded');
      demand.recordSuccess('opencep');
      expect((await read()).status).toBe('ok');
    } finally {
      await server.close();
    }
  });
});
