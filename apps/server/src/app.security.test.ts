import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { CORS_ORIGINS: 'https://allowed.example' },
    beforeReady: (app) =>
      void app.register(async (scope) => {
        scope.get(
          '/test/limited',
          { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } },
          async () => ({ ok: true }),
        );
      }),
  });
});
afterAll(() => t.close());

describe('per-route rate limiting', () => {
  it('answers 429 in the envelope and the request language once the route limit is reached', async () => {
    const call = () =>
      t.app.inject({ method: 'GET', url: '/test/limited', headers: { 'accept-language': 'en' } });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TooManyRequests',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leaves routes without a limit unlimited', async () => {
    for (let i = 0; i < 20; i++)
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('CORS on the portal API', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/session/xsrf',
      headers: { origin, 'access-control-request-method': 'POST' },
    });

  it('allows the configured origins with credentials', async () => {
    const response = await preflight('https://allowed.example');
    expect(response.headers['access-control-allow-origin']).toBe('https://allowed.example');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('names no other origin', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
