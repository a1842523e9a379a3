import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type BreakableDatabase, createBreakableDatabase } from '../../test/breakable-database.ts';

// The real app on a database the test cuts off: on PostgreSQL (TEST_DATABASE_URL) it refuses connections
// and comes back; on PGlite it is closed for good.
let breakable: BreakableDatabase;
let t: TestApp;
beforeAll(async () => {
  breakable = await createBreakableDatabase();
  t = await createTestApp({
    database: breakable.database,
    env: { CEP_UPSTREAM: 'off', CAPTCHA_PROVIDER: 'off' },
  });
});
afterAll(async () => {
  await t.app.close();
  await breakable.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('health probes', () => {
  it('/healthz and /readyz answer 200 with the database kind while the database answers', async () => {
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: breakable.database.kind });
    expect(ready.headers['retry-after']).toBeUndefined();
  });

  it('need no API key and stay out of the OpenAPI documents', async () => {
    expect((await get('/healthz?token=not-a-key')).statusCode).toBe(200);
    const quotes = (await get('/quotes/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(quotes.paths)).not.toContain('/healthz');
    expect(Object.keys(quotes.paths)).not.toContain('/readyz');
  });

  it('with the database down, /readyz is 503 ServiceUnavailable with Retry-After and /healthz stays 200', async () => {
    await breakable.cutOff();
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(ready.json()).toMatchObject({
      code: 'ServiceUnavailable',
      requestId: ready.headers['x-request-id'],
    });
    expect(ready.body).not.toMatch(/PGlite|ECONNREFUSED|accepting connections|terminat/i);
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('/readyz is 200 again once PostgreSQL is back', async () => {
    await breakable.restore?.();
    await expect
      .poll(async () => (await get('/readyz')).statusCode, { timeout: 15_000, interval: 200 })
      .toBe(200);
  });
});
