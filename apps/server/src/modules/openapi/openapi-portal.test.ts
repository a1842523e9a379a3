import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

type Operation = {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas?: Record<string, unknown>;
    securitySchemes?: Record<string, Record<string, unknown>>;
  };
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

let test: TestApp;
let portal: Document;
beforeAll(async () => {
  test = await createTestApp();
  portal = (await test.app.inject('/api/openapi.json')).json() as Document;
});
afterAll(() => test.close());

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : refsIn(child),
  );
}

describe('OpenAPI document of the portal API', () => {
  it('is an OpenAPI 3 document: info, and every operation with a tag, a summary and responses', () => {
    expect(portal.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(portal.info).toMatchObject({ title: 'Cotacep — Portal API', version: '1.0.0' });
    expect(portal.info.description).toContain('Authorization: Bearer');
    const tags = portal.tags.map((tag) => tag.name);
    expect(tags).toEqual(
      expect.arrayContaining(['Auth', 'Account', 'Keys', 'Projects', 'Usage', 'Billing', 'Plans', 'Contact']),
    );
    const operations = operationsOf(portal);
    expect(operations.length).toBeGreaterThan(40);
    for (const { path, method, operation } of operations) {
      const where = `${method} ${path}`;
      expect(path, where).toMatch(/^\/[^?#]*$/);
      expect(METHODS.has(method), where).toBe(true);
      expect(operation.summary, where).toBeTruthy();
      expect(operation.tags?.length, where).toBe(1);
      expect(tags, where).toContain(operation.tags?.[0]);
      expect(Object.keys(operation.responses).length, where).toBeGreaterThan(1);
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const parameter = operation.parameters?.find((item) => `{${item.name}}` === name);
        expect(parameter, `${where} ${name}`).toMatchObject({ in: 'path', required: true });
      }
    }
    for (const ref of refsIn(portal)) {
      const name = ref.replace('#/components/schemas/', '');
      expect(portal.components.schemas?.[name], ref).toBeDefined();
    }
  });

  it('describes login and the keys with their schemas, and the bearer JWT scheme', () => {
    expect(portal.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    });
    const login = portal.paths['/api/auth/login']?.post as Operation;
    expect(login.tags).toEqual(['Auth']);
    expect(login.security).toBeUndefined();
    const loginBody = login.requestBody?.content['application/json']?.schema as { required?: string[] };
    expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    const keys = portal.paths['/api/keys']?.get as Operation;
    expect(keys.security).toEqual([{ bearerAuth: [] }]);
    expect(keys.responses['200']?.content?.['application/json']?.schema).toBeDefined();
    expect(portal.paths['/api/keys']?.post?.responses['201']).toBeDefined();
    expect(portal.paths['/api/keys/{id}/rotate']?.post?.summary).toMatch(/Rotate/);
    expect(portal.paths['/api/keys/']).toBeUndefined();
  });

  it('declares the token exactly where the server asks for one', async () => {
    for (const { path, method, operation } of operationsOf(portal)) {
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await test.app.inject({ method: method.toUpperCase() as 'GET', url });
      const needsToken = operation.security?.some((item) => 'bearerAuth' in item) ?? false;
      expect(response.statusCode === 401, `${method} ${path}: ${response.statusCode}`).toBe(needsToken);
    }
  });

  it('holds no public API path, and the public documents hold no portal path', async () => {
    const portalPaths = Object.keys(portal.paths);
    expect(portalPaths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(portalPaths).not.toContain('/api/dev/mailbox');
    expect(portal.components.schemas?.CepAddress).toBeUndefined();
    for (const url of ['/quotes/openapi.json', '/cep/openapi.json']) {
      const document = (await test.app.inject(url)).json() as Document;
      const paths = Object.keys(document.paths);
      expect(
        paths.filter((path) => path.startsWith('/api/') && path !== '/api/status'),
        url,
      ).toEqual([]);
      expect(JSON.stringify(document), url).not.toContain('/api/auth');
    }
  });

  it('is served like the public documents: JSON, open to any origin, cached and revalidated', async () => {
    for (const url of ['/api/openapi.json', '/quotes/openapi.json', '/cep/openapi.json']) {
      const response = await test.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['cache-control'], url).toBe('public, max-age=300');
      const etag = response.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await test.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });
});
