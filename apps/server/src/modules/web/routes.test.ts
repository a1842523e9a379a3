import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { pickEncoding } from './routes.ts';

const INDEX = `<!doctype html><html><head><meta name="app-name" content="Cotacep" />
<meta name="api-url" content="/api" /><title>Cotacep</title></head><body><div id="root"></div></body></html>`;

// Big enough for the build to precompress; the variants are written here as the build writes them.
const ASSET = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })))};`;
const ASSET_BR = brotliCompressSync(ASSET);
const ASSET_GZ = gzipSync(ASSET);

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'cotacep-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  await writeFile(path.join(dist, 'assets', 'landing-Xy12_ab.js'), ASSET);
  await writeFile(path.join(dist, 'assets', 'landing-Xy12_ab.js.br'), ASSET_BR);
  await writeFile(path.join(dist, 'assets', 'landing-Xy12_ab.js.gz'), ASSET_GZ);
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
    expect(response.body).toContain(
      '<title>API de cotações de moedas e CEP · Portal &#60;Teste&#62;</title>',
    );
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

  it('answers robots.txt and sitemap.xml itself, not with index.html', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).not.toContain('<div id="root">');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<urlset');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's files only the headers that govern a subresource; pages get the full set", async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    const page = await t.app.inject({ method: 'GET', url: '/pricing' });
    for (const file of [asset, icon]) {
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(file.headers['referrer-policy']).toBeDefined();
      for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options'])
        expect(file.headers[name], name).toBeUndefined();
    }
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['permissions-policy']).toContain('camera=()');
  });

  it('keeps JSON 404s for API paths and missing files', async () => {
    for (const url of ['/api/nope', '/quotes/nope', '/assets/missing.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('NotFound');
    }
  });
});

describe('compressed static files', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  const asset = '/assets/landing-Xy12_ab.js';

  it('sends the brotli variant to a client that accepts it, cached for a year', async () => {
    const response = await get(asset, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(ASSET_BR)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const response = await get(asset, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends the file as it is when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await get(asset, acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(response.body, acceptEncoding).toBe(ASSET);
    }
  });

  it('does not serve the variants by name', async () => {
    const response = await get(`${asset}.br`);
    expect(response.statusCode).toBe(404);
  });

  it('compresses index.html and the SPA fallback, never cached', async () => {
    for (const url of ['/', '/pricing']) {
      const br = await get(url, 'gzip, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toContain('<div id="root">');
      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), url).toContain('<div id="root">');
      const identity = await get(url);
      expect(identity.headers['content-encoding'], url).toBeUndefined();
      expect(identity.headers['cache-control'], url).toBe('no-cache');
      expect(identity.body, url).toContain('<div id="root">');
    }
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
  ])('picks from %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
