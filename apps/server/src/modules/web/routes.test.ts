import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

const INDEX = `<!doctype html><html><head><meta name="app-name" content="Cotacep" />
<meta name="api-url" content="/api" /><title>Cotacep</title></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'cotacep-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist, APP_NAME: 'Portal <Teste>' } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built SPA', () => {
  it('serves index.html with the configured app name, uncached, with an XSRF cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Portal &#60;Teste&#62;</title>');
    expect(response.body).toContain('<meta name="app-name" content="Portal &#60;Teste&#62;"');
    expect(response.cookies.some((c) => c.name === 'XSRF-TOKEN')).toBe(true);
  });

  it('falls back to index.html for deep links (history routing)', async () => {
    for (const url of ['/account/settings', '/auth/login?redirect=%2Faccount', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps JSON 404s for API paths and missing files', async () => {
    for (const url of ['/api/nope', '/quotes/nope', '/assets/missing.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('NotFound');
    }
  });
});
