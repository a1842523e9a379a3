import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: { CEP_UPSTREAM: 'off', CAPTCHA_PROVIDER: 'off' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const CEP_ROUTES = ['/cep/json/01001000', '/cep/xml/01001000'];
const QUOTES_ROUTES = [
  '/quotes/last/USD-BRL',
  '/quotes/json/last/USD-BRL',
  '/quotes/xml/last/USD-BRL,EUR-BRL',
  '/quotes/json/daily/USD-BRL/5',
  '/quotes/xml/daily/USD-BRL?start_date=20240101&end_date=20240105',
  '/quotes/json/available',
  '/quotes/xml/available/uniq',
];
const METHODS = ['POST', 'PUT', 'DELETE', 'PATCH', 'QUERY', 'TRACE', 'PROPFIND'] as const;

/** One raw HTTP/1.1 exchange: methods Node's parser does not know cannot be sent any other way. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('unsupported methods on the public APIs', () => {
  it('CEP: 405 with Allow in its JSON or XML body, before any body is read', async () => {
    for (const url of CEP_ROUTES) {
      for (const method of METHODS) {
        const response = await t.app.inject({
          method,
          url,
          payload: '{"not":"read"',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        });
        const label = `${method} ${url}`;
        expect(response.statusCode, label).toBe(405);
        expect(response.headers.allow, label).toBe('GET, HEAD, OPTIONS');
        const body = { status: 405, code: 'method_not_allowed', message: 'Method not allowed: use GET' };
        if (url.includes('/xml/')) {
          expect(response.headers['content-type'], label).toMatch(/^application\/xml/);
          expect(response.body, label).toContain('<code>method_not_allowed</code>');
        } else {
          expect(response.json(), label).toEqual(body);
        }
      }
    }
  });

  it('quotes: 405 with Allow in its AwesomeAPI-style body, also for QUERY without a content type', async () => {
    for (const url of QUOTES_ROUTES) {
      for (const method of METHODS) {
        const response = await t.app.inject({ method, url });
        const label = `${method} ${url}`;
        expect(response.statusCode, label).toBe(405);
        expect(response.headers.allow, label).toBe('GET, HEAD, OPTIONS');
        if (url.includes('/xml/')) {
          expect(response.body, label).toContain(
            '<xml><status>405</status><code>MethodNotAllowed</code><message>método não permitido: use GET</message></xml>',
          );
          continue;
        }
        expect(response.json(), label).toEqual({
          status: 405,
          code: 'MethodNotAllowed',
          message: 'método não permitido: use GET',
        });
      }
    }
  });

  it('the methods in Allow still work', async () => {
    for (const url of [...CEP_ROUTES, ...QUOTES_ROUTES]) {
      for (const method of ['GET', 'HEAD', 'OPTIONS'] as const) {
        const response = await t.app.inject({ method, url, headers: { origin: 'https://example.com' } });
        expect(response.statusCode, `${method} ${url}`).not.toBe(405);
      }
    }
  });

  it('a made-up method Node cannot parse is the API’s 405 too', async () => {
    const cep = await rawRequest('FROB /cep/xml/01001000 HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n');
    expect(cep).toMatch(/^HTTP\/1\.1 405 /);
    expect(cep).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/i);
    expect(cep).toMatch(/\r\ncontent-type: application\/xml/i);
    expect(cep).toContain('<message>Method not allowed: use GET</message>');
    const quotes = await rawRequest('FROB /quotes/json/last/USD-BRL HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(quotes).toMatch(/^HTTP\/1\.1 405 /);
    expect(quotes).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/i);
    expect(quotes.split('\r\n\r\n')[1]).toBe(
      JSON.stringify({ status: 405, code: 'MethodNotAllowed', message: 'método não permitido: use GET' }),
    );
  });

  it('a request Node cannot parse elsewhere is a 400 in our envelope', async () => {
    const answer = await rawRequest('FROB /api/projects HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.split('\r\n\r\n')[1] ?? '');
    expect(body).toMatchObject({ code: 'BadRequest', message: 'Invalid request' });
    expect(answer).toMatch(new RegExp(`\\r\\nx-request-id: ${body.requestId}\\r\\n`));
  });
});

describe('Fastify’s own errors on the portal are ours', () => {
  const post = (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'en' },
    });

  it('malformed JSON is 400 BadRequest', async () => {
    const response = await post('{"email":', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BadRequest', message: 'Invalid request' });
  });

  it('a content type with no parser is 415 UnsupportedMediaType, a malformed one too', async () => {
    for (const type of ['text/csv', 'application/xml', 'not a type']) {
      const response = await post('a,b', type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json(), type).toMatchObject({
        code: 'UnsupportedMediaType',
        message: 'Unsupported content type',
      });
    }
  });

  it('a body over the limit is 413 PayloadTooLarge', async () => {
    const response = await post(JSON.stringify({ email: 'x'.repeat(1_100_000) }), 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PayloadTooLarge', message: 'Request body too large' });
  });
});

describe('no framework error code reaches a client', () => {
  it('sweeps routes, methods and bodies: no FST_ in any answer', async () => {
    const urls = [
      ...CEP_ROUTES,
      ...QUOTES_ROUTES,
      '/cep/nope',
      '/quotes/nope',
      '/api/auth/login',
      '/api/projects',
    ];
    const bodies = [
      {},
      { payload: '{bad', headers: { 'content-type': 'application/json' } },
      { payload: 'x', headers: { 'content-type': 'text/x-unknown' } },
      { payload: 'x', headers: { 'content-type': ';;;' } },
      { payload: '', headers: { 'content-type': 'application/json' } },
    ];
    for (const url of [...urls, '/%E0%A4%A', `/quotes/json/last/${'A'.repeat(500)}`]) {
      for (const method of ['GET', ...METHODS] as const) {
        for (const extra of bodies) {
          const response = await t.app.inject({ method, url, ...extra });
          expect(response.body, `${method} ${url}`).not.toContain('FST_');
          expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
        }
      }
    }
  });
});
