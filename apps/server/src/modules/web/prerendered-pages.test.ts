import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PRERENDER_PLACEHOLDERS } from '@cotacep/shared/prerender';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fillSettings } from './prerendered-pages.ts';

/**
 * Decision 039: the server sends a public page as the build prerendered it, in the visitor's language, with
 * the deployment's own name and addresses written in; the SPA for everything else. A build directory made
 * here, as `apps/web/scripts/prerender.ts` writes one.
 */
const SITE = 'https://cotacep.example.com';
const APP_NAME = 'Cota <"&"> Cep';
const { appName, publicUrl, apiUrl } = PRERENDER_PLACEHOLDERS;

const page = (body: string) => `<!doctype html>
<html lang="pt-BR" data-mantine-color-scheme="light">
  <head>
    <meta name="app-name" content="Cotacep" />
    <meta name="api-url" content="/api" />
    <meta name="public-url" content="" />
    <title>Cotacep</title>
  </head>
  <body><div id="root">${body}</div><script type="module" src="/assets/prerendered-x.js"></script></body>
</html>`;

const MANIFEST = {
  pages: { '/': 'index', '/docs/quotes': 'docs--quotes' },
  notFound: 'not-found',
  routes: ['/', '/docs/quotes', '/docs/:api', '/auth/login', '/account/settings', '/admin/*'],
  documents: { '/docs/quotes': { path: '/quotes/openapi.json', file: 'documents/quotes' } },
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'cotacep-prerendered-'));
  const output = path.join(dist, 'prerendered');
  await writeFile(path.join(dist, 'index.html'), page('<!-- the SPA -->'));
  for (const language of ['pt-BR', 'en']) {
    await mkdir(path.join(output, language), { recursive: true });
    const words = language === 'en' ? 'Currency quotes' : 'Cotações de moedas';
    await writeFile(
      path.join(output, language, 'index.html'),
      page(
        `<h1>${words}</h1><p>${appName} · ${publicUrl}/quotes · ${publicUrl}${apiUrl}/openapi.json · ${apiUrl}</p>`,
      ),
    );
    await writeFile(path.join(output, language, 'docs--quotes.html'), page(`<h1>Reference ${language}</h1>`));
    await writeFile(path.join(output, language, 'not-found.html'), page(`<h1>Not found ${language}</h1>`));
  }
  await writeFile(path.join(output, 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({
    env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist, PUBLIC_URL: SITE, APP_NAME },
  });
  // The build's copies of the quotes document: the server's own with its settings put back as placeholders
  // (what the build's server answered), and an English one the deployment no longer answers.
  await mkdir(path.join(output, 'documents'));
  const own = (await t.app.inject(`/quotes/openapi.json?lng=pt-BR`)).body;
  const asBuilt = own.replaceAll(SITE, publicUrl).replaceAll(JSON.stringify(APP_NAME).slice(1, -1), appName);
  await writeFile(path.join(output, 'documents', 'quotes.pt-BR.json'), asBuilt);
  await writeFile(
    path.join(output, 'documents', 'quotes.en.json'),
    asBuilt.replace('"openapi"', '"openapi" '),
  );
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the prerendered public pages', () => {
  it("sends a public page as prerendered, with the deployment's name and addresses, and its head", async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Cotações de moedas</h1>');
    expect(response.body).toContain(
      `<p>Cota &#60;&#34;&#38;&#34;&#62; Cep · ${SITE}/quotes · ${SITE}/api/openapi.json · /api</p>`,
    );
    expect(response.body).not.toContain('cotacep-public-url');
    expect(response.body).toContain('<html lang="pt-BR"');
    expect(response.body).toContain(
      '<title>API de cotações de moedas e CEP · Cota &#60;&#34;&#38;&#34;&#62; Cep</title>',
    );
    expect(response.body).toContain(`<link data-page-meta rel="canonical" href="${SITE}/" />`);
    expect(response.body).toContain('<meta name="app-name" content="Cota &#60;&#34;&#38;&#34;&#62; Cep"');
    expect(response.headers.vary).toMatch(/accept-language, cookie/);
  });

  it.each([
    ['?lng=en', {}, 'Currency quotes'],
    ['', { 'accept-language': 'en-US,en;q=0.9' }, 'Currency quotes'],
    ['', { cookie: 'i18next=en' }, 'Currency quotes'],
    ['?lng=pt-BR', { cookie: 'i18next=en', 'accept-language': 'en' }, 'Cotações de moedas'],
  ])('chooses the language as the app does: %s %j', async (query, headers, heading) => {
    const response = await get(`/${query}`, headers);
    expect(response.body).toContain(`<h1>${heading}</h1>`);
  });

  it('sends the SPA for an address with more than ?lng= in it, and for every screen it has', async () => {
    for (const url of [
      '/?lng=en&cycle=yearly',
      '/auth/login',
      '/docs/unknown',
      '/Account/Settings/',
      '/admin/a/b',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<!-- the SPA -->');
    }
  });

  it('answers an address no screen has with the prerendered not-found page, a 404 kept out of search', async () => {
    const response = await get('/no/such/page?lng=en');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Not found en</h1>');
    expect(response.body).toContain('<meta data-page-meta name="robots" content="noindex" />');
  });

  it("sends a reference prerendered only while the server's document is the one it was rendered from", async () => {
    expect((await get('/docs/quotes')).body).toContain('<h1>Reference pt-BR</h1>');
    const changed = await get('/docs/quotes?lng=en');
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('<!-- the SPA -->');
  });

  it('never sends the prerendered files, their template or the manifest by name', async () => {
    for (const url of ['/prerendered/manifest.json', '/prerendered/pt-BR/index.html', '/prerendered.html']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('fillSettings', () => {
  const settings = { APP_NAME: 'A "quoted" name', API_URL: '/portal-api/', publicUrl: `${SITE}/` };

  it('writes each setting escaped for where it goes, the API URL seen from the public address', () => {
    const text = `${appName} ${publicUrl}${apiUrl}/openapi.json ${publicUrl}/x ${apiUrl}`;
    expect(fillSettings(text, settings, (value) => JSON.stringify(value).slice(1, -1))).toBe(
      `A \\"quoted\\" name ${SITE}/portal-api/openapi.json ${SITE}/x /portal-api`,
    );
  });

  it('takes an absolute API URL as it is', () => {
    const text = `${publicUrl}${apiUrl}/openapi.json`;
    const absolute = { ...settings, API_URL: 'https://api.example.com/v1' };
    expect(fillSettings(text, absolute, (value) => value)).toBe('https://api.example.com/v1/openapi.json');
  });
});
