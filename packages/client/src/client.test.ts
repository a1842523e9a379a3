import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey } from '../../../apps/server/src/test/accounts.ts';
import { createTestApp, type TestApp } from '../../../apps/server/src/test/app.ts';
import { CotacepApiError, createCotacepClient } from './index.ts';

/** The client against the real server listening on loopback, with a real key made through the portal API. */
let test: TestApp;
let baseUrl: string;
let secret: string;

beforeAll(async () => {
  test = await createTestApp({ env: { CAPTCHA_PROVIDER: 'off', CEP_UPSTREAM: 'off', QUOTES_INGEST: 'off' } });
  baseUrl = await test.app.listen({ port: 0, host: '127.0.0.1' });
  const account = await createAccount(test.app, test.database.db);
  ({ secret } = await createKey(test.app, account));
});
afterAll(() => test?.close());

describe('createCotacepClient', () => {
  it('reads the latest quotes with a key in the header, with the quota and source from the headers', async () => {
    const client = createCotacepClient({ baseUrl, token: secret });
    const { data, meta } = await client.quotes.last(['USD-BRL', 'EUR-BRL']);
    expect(Object.keys(data)).toEqual(['USDBRL', 'EURBRL']);
    expect(data.USDBRL).toMatchObject({
      code: 'USD',
      codein: 'BRL',
      name: 'Dólar Americano/Real Brasileiro',
    });
    expect(meta.status).toBe(200);
    expect(meta.quotaLimit).toBe(100_000);
    expect(meta.quotaRemaining).toBeLessThan(100_000);
    expect(meta.source).toBeTruthy();
    expect(meta.asOf).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('sends the key in the query string when asked, as AwesomeAPI clients do', async () => {
    const client = createCotacepClient({ baseUrl, token: secret, tokenIn: 'query' });
    const before = (await client.quotes.available()).meta.quotaRemaining ?? 0;
    const { data, meta } = await client.quotes.daily('USD-BRL', { days: 3 });
    expect(data).toHaveLength(3);
    expect(data[0]).toHaveProperty('create_date');
    expect(meta.quotaRemaining).toBe(before - 1);
  });

  it('reads /json/all, the currency names and a CEP', async () => {
    const client = createCotacepClient({ baseUrl, token: secret });
    expect(Object.keys((await client.quotes.all()).data)).toContain('USD');
    expect((await client.quotes.all('USD-BRLT')).data).toHaveProperty('USDT');
    expect((await client.quotes.currencies()).data).toMatchObject({ BRL: 'Real Brasileiro' });
    // The test database holds no CEP records and upstreams are off: a well-formed CEP is not found.
    await expect(client.cep.lookup('01001-000')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(client.cep.lookup('0100')).rejects.toBeInstanceOf(RangeError);
  });

  it('throws the API’s own code for a refused call', async () => {
    const client = createCotacepClient({ baseUrl, token: 'ck_pub_not_a_real_key' });
    const refused = await client.quotes.last('USD-BRL').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CotacepApiError);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_token' });
    const anonymous = createCotacepClient({ baseUrl });
    await expect(anonymous.quotes.last('XYZ-BRL')).rejects.toMatchObject({
      status: 404,
      code: 'CoinNotExists',
    });
  });

  it('answers the raw Response of the same requests, refusals included, for a panel that shows it all', async () => {
    const client = createCotacepClient({ baseUrl, token: secret, language: 'en' });
    const quotes = await client.raw.quotes.last('USD-BRL');
    expect(quotes.status).toBe(200);
    expect(quotes.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(quotes.headers.get('x-quota-remaining'))).toBeLessThan(100_000);
    expect(quotes.headers.get('x-request-id')).toBeTruthy();
    expect(Object.keys((await quotes.json()) as object)).toEqual(['USDBRL']);

    // Nothing thrown: the API's own 404 and 400 bodies, as sent.
    const missing = await client.raw.cep.lookup('01001-000');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ status: 404, code: 'not_found', message: 'CEP not found' });
    const malformed = await client.raw.cep.lookup('0100');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: 400, code: 'invalid' });
    const refused = await createCotacepClient({ baseUrl, token: 'ck_pub_not_a_real_key' }).raw.quotes.last(
      'USD-BRL',
    );
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'invalid_token' });
  });
});
