import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from './lib/database-unavailable.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { type BreakableDatabase, createBreakableDatabase } from './test/breakable-database.ts';

// On PostgreSQL (TEST_DATABASE_URL) the database refuses connections and then comes back; on PGlite it is closed.
let breakable: BreakableDatabase;
let t: TestApp;
beforeAll(async () => {
  breakable = await createBreakableDatabase();
  t = await createTestApp({
    database: breakable.database,
    env: { CEP_UPSTREAM: 'off', CAPTCHA_PROVIDER: 'off' },
  });
  await breakable.cutOff();
});
afterAll(async () => {
  await t.app.close();
  await breakable.close();
});

const logIn = (language: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'someone@example.com', password: 'correct horse battery' },
    headers: { 'accept-language': language },
  });

describe('the database is unreachable', () => {
  it('a portal route answers 503 DatabaseUnavailable with Retry-After, in each language', async () => {
    const en = await logIn('en');
    expect(en.statusCode, en.body).toBe(503);
    expect(en.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(en.json()).toEqual({
      code: 'DatabaseUnavailable',
      message: 'The service is temporarily unavailable. Please try again in a few seconds.',
      requestId: en.headers['x-request-id'],
    });
    const pt = await logIn('pt-BR');
    expect(pt.statusCode).toBe(503);
    expect(pt.json().message).toBe(
      'O serviço está temporariamente indisponível. Tente novamente em alguns segundos.',
    );
    expect(pt.body).not.toMatch(/PGlite|ECONNREFUSED|accepting connections|terminat/i);
  });

  it('/readyz is 503 with Retry-After, /healthz still 200', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('the CEP API, which reads the database, answers its own 503 in JSON and XML', async () => {
    const json = await t.app.inject({
      method: 'GET',
      url: '/cep/json/01310100',
      headers: { 'accept-language': 'en' },
    });
    expect(json.statusCode).toBe(503);
    expect(json.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.json()).toEqual({
      status: 503,
      code: 'unavailable',
      message: 'CEP service temporarily unavailable, please try again',
    });
    const xml = await t.app.inject({ method: 'GET', url: '/cep/xml/04538133' });
    expect(xml.statusCode).toBe(503);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.body).toContain('<code>unavailable</code>');
  });

  it('the quotes API, answered from memory, keeps answering', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/quotes/json/last/USD-BRL' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('USDBRL');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('recovers by itself once the database is back', async () => {
    await breakable.restore?.();
    const deadline = Date.now() + 10_000;
    let ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    while (ready.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    }
    expect(ready.statusCode).toBe(200);
    expect((await logIn('en')).statusCode).toBe(401);
  });
});
