import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

type Operation = {
  summary?: string;
  security?: Record<string, string[]>[];
  tags?: string[];
  parameters?: { name: string; in: string; example?: unknown }[];
  responses: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: Record<
        string,
        { schema?: Record<string, unknown>; example?: unknown; examples?: Record<string, { value: unknown }> }
      >;
    }
  >;
};
type Document = {
  openapi: string;
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, Record<string, unknown>>;
    securitySchemes?: Record<string, Record<string, unknown>>;
  };
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const documentOf = async (url: string) => {
  const response = await test.app.inject(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json() as Document;
};

/** Every GET route the running server has under a prefix, in OpenAPI's `{param}` spelling. */
function routesUnder(prefix: string): string[] {
  const tree = test.app.printRoutes({ commonPrefix: false, method: 'GET' });
  const routes: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+) \(/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    while (stack.length > depth) stack.pop();
    const path = (stack.at(-1)?.path ?? '') + (match[2] as string);
    stack.push({ depth, path });
    routes.push(path);
  }
  return routes
    .filter((route) => route.startsWith(`${prefix}/`) && !route.endsWith('/openapi.json'))
    .filter((route) => !route.startsWith(`${prefix}/reference`))
    .map((route) => route.replace(/:(\w+)/g, '{$1}'));
}

describe('OpenAPI documents of the public APIs', () => {
  it('list every quotes route, each with a summary, a tag and an example answer', async () => {
    const document = await documentOf('/quotes/openapi.json');
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toContain('Quotes API');
    const routes = routesUnder('/quotes');
    expect(routes.length).toBeGreaterThanOrEqual(11);
    expect(Object.keys(document.paths).sort()).toEqual([...routes, '/api/status'].sort());
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(methods.get?.summary, path).toBeTruthy();
      expect(methods.get?.tags?.length, path).toBeGreaterThan(0);
    }
    const last = document.paths['/quotes/json/last/{pairs}']?.get as Operation;
    expect(last.parameters?.[0]).toMatchObject({
      name: 'pairs',
      in: 'path',
      example: 'USD-BRL,EUR-BRL,BTC-BRL',
    });
    const example = last.responses['200']?.content?.['application/json']?.example;
    expect(example).toMatchObject({
      USDBRL: { code: 'USD', codein: 'BRL', name: 'Dólar Americano/Real Brasileiro' },
    });
    const notFound = last.responses['404']?.content?.['application/json'];
    expect(notFound?.example).toEqual({
      status: 404,
      code: 'CoinNotExists',
      message: 'moeda nao encontrada XYZ-BRL',
    });
    expect(last.responses['400']?.content?.['application/json']?.example).toMatchObject({ status: 400 });
    const xml = document.paths['/quotes/xml/last/{pairs}']?.get as Operation;
    expect(Object.keys(xml.responses['200']?.content ?? {})).toEqual(['application/xml']);
  });

  it('list every CEP route', async () => {
    const document = await documentOf('/cep/openapi.json');
    const routes = routesUnder('/cep');
    expect(routes.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(document.paths).sort()).toEqual([...routes, '/api/status'].sort());
  });

  it('describe the key gateway on every operation: key or anonymous, its refusals and their headers', async () => {
    for (const base of ['/quotes', '/cep']) {
      const document = await documentOf(`${base}/openapi.json?lng=pt-BR`);
      expect(document.components?.securitySchemes).toEqual({
        apiKeyHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }),
        apiKeyQuery: expect.objectContaining({ type: 'apiKey', in: 'query', name: 'token' }),
      });
      expect(document.info.description).toContain('x-api-key');
      expect(document.info.description).toMatch(/Sem token: até \d+ chamadas por minuto por IP/);
      for (const [path, methods] of Object.entries(document.paths)) {
        const operation = methods.get as Operation;
        if (path === '/api/status') {
          expect(operation.security, path).toBeUndefined();
          continue;
        }
        expect(operation.security, path).toEqual([{}, { apiKeyHeader: [] }, { apiKeyQuery: [] }]);
        expect(Object.keys(operation.responses), path).toEqual(
          expect.arrayContaining(['200', '401', '403', '429', '503']),
        );
        expect(Object.keys(operation.responses['200']?.headers ?? {}), path).toEqual(
          expect.arrayContaining(['X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset']),
        );
      }
    }
    const last = (await documentOf('/quotes/openapi.json?lng=pt-BR')).paths['/quotes/json/last/{pairs}']
      ?.get as Operation;
    const refused = last.responses['429'];
    expect(Object.keys(refused?.headers ?? {})).toEqual(
      expect.arrayContaining([
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
      ]),
    );
    const quota = refused?.content?.['application/json']?.examples?.quota_exceeded?.value;
    expect(quota).toEqual({
      status: 429,
      code: 'quota_exceeded',
      message: 'cota mensal do plano esgotada, renova em 2026-12-01T00:00:00.000Z',
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
    const forbidden = last.responses['403']?.content?.['application/json']?.examples;
    expect(forbidden?.origin_not_allowed?.value).toEqual({
      status: 403,
      code: 'origin_not_allowed',
      message: 'origem não permitida para este token',
    });
  });

  it('say when every call needs a token', async () => {
    const strict = await createTestApp({ env: { GATEWAY_ANONYMOUS_PER_MINUTE: '0' } });
    try {
      const response = await strict.app.inject('/cep/openapi.json?lng=pt-BR');
      const document = response.json() as Document;
      expect(document.info.description).toContain('Toda chamada precisa de um token.');
      expect(document.info.description).not.toContain('chamadas por minuto por IP');
    } finally {
      await strict.close();
    }
  });

  it('come with a reference page allowed to run only its own scripts', async () => {
    const page = await test.app.inject('/quotes/reference/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"url": "/quotes/openapi.json"');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const bundle = await test.app.inject('/quotes/reference/js/scalar.js');
    expect(bundle.statusCode).toBe(200);
    expect((await test.app.inject('/cep/reference/')).body).toContain('"url": "/cep/openapi.json"');
  });

  it('leave the portal API out', async () => {
    for (const url of ['/quotes/openapi.json', '/cep/openapi.json']) {
      const paths = Object.keys((await documentOf(url)).paths);
      expect(paths.filter((path) => path.startsWith('/api/') && path !== '/api/status')).toEqual([]);
      expect(paths).not.toContain('/healthz');
    }
  });
});
