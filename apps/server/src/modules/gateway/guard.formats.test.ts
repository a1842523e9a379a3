import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEST_ENV } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedKey } from '../../test/seed-key.ts';
import { startOfFreshMinute } from './test-support/minute.ts';

/** The gateway's refusals come in the format of the route asked for (issue 16, "one error shape per format"). */
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ env: { ...GATEWAY_TEST_ENV, GATEWAY_ANONYMOUS_PER_MINUTE: '0' } });
});
afterAll(() => test.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

const XML = 'application/xml; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const document = (fields: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<xml>${fields}</xml>\n`;

describe('gateway refusals on XML routes', () => {
  it.each(['/quotes/xml/last/USD-BRL', '/quotes/xml/daily/USD-BRL/5', '/cep/xml/01001000'])(
    'answer a missing key on %s in XML, the same fields as the JSON body',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toBe(XML);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe(
        document(
          '<status>401</status><code>missing_token</code><message>token ausente: envie seu token no parâmetro token ou no cabeçalho x-api-key</message>',
        ),
      );
    },
  );

  it('keep JSON on the JSON routes, the legacy /last route included', async () => {
    for (const url of ['/quotes/json/last/USD-BRL', '/quotes/last/USD-BRL', '/cep/json/01001000']) {
      const response = await get(url);
      expect(response.headers['content-type'], url).toBe(JSON_TYPE);
      expect(response.json(), url).toMatchObject({ status: 401, code: 'missing_token' });
    }
  });

  it('answer an unknown key in the request’s language', async () => {
    const key = { 'x-api-key': 'ck_pub_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    const portuguese = await get('/cep/xml/01001000', key);
    expect(portuguese.statusCode).toBe(401);
    expect(portuguese.body).toBe(
      document('<status>401</status><code>invalid_token</code><message>token inválido</message>'),
    );
    const english = await get('/quotes/xml/available', { ...key, 'accept-language': 'en' });
    expect(english.headers['content-type']).toBe(XML);
    expect(english.body).toBe(
      document('<status>401</status><code>invalid_token</code><message>invalid token</message>'),
    );
  });

  it('answer an origin the key does not allow with a 403 in XML', async () => {
    const { secret } = await seedKey(test.database.db, {
      key: { allowedOrigins: 'https://loja.example.com' },
    });
    const response = await get('/quotes/xml/last/USD-BRL', {
      'x-api-key': secret,
      origin: 'https://evil.example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe(XML);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.body).toBe(
      document(
        '<status>403</status><code>origin_not_allowed</code><message>origem não permitida para este token</message>',
      ),
    );
  });

  it('answer the per-minute limit with a 429 in XML and the rate headers', async () => {
    const { secret } = await seedKey(test.database.db, { limits: { ratePerMinute: 1 } });
    await startOfFreshMinute();
    expect((await get('/cep/xml/01001000', { 'x-api-key': secret })).statusCode).not.toBe(429);
    const refused = await get('/cep/xml/01001000', { 'x-api-key': secret });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe(XML);
    const retryAfter = refused.headers['retry-after'];
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(refused.body).toBe(
      document(
        `<status>429</status><code>rate_limited</code><message>limite de requisições por minuto excedido, tente novamente em ${retryAfter} s</message>`,
      ),
    );
  });

  it('answer an exhausted quota with a 429 in XML that names the renewal, as the JSON body does', async () => {
    const { secret } = await seedKey(test.database.db, { limits: { monthlyQuota: 1 } });
    expect((await get('/quotes/xml/last/USD-BRL', { 'x-api-key': secret })).statusCode).toBe(200);
    const refused = await get('/quotes/xml/last/USD-BRL', { 'x-api-key': secret });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe(XML);
    const resetsAt = refused.headers['x-quota-reset'] as string;
    expect(resetsAt).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    expect(refused.body).toBe(
      document(
        `<status>429</status><code>quota_exceeded</code><message>cota mensal do plano esgotada, renova em ${resetsAt}</message><resetsAt>${resetsAt}</resetsAt>`,
      ),
    );
    const json = await get('/quotes/json/last/USD-BRL', { 'x-api-key': secret });
    expect(json.json()).toEqual({
      status: 429,
      code: 'quota_exceeded',
      message: `cota mensal do plano esgotada, renova em ${resetsAt}`,
      resetsAt,
    });
  });
});
