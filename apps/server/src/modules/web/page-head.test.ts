import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

const SITE = 'https://cotacep.example.com';
const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta name="app-name" content="Cotacep" />
    <meta name="api-url" content="/api" />
    <meta name="public-url" content="" />
    <title>Cotacep</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'cotacep-head-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({
    env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist, PUBLIC_URL: SITE, APP_NAME: 'Cota "&" Cep' },
  });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The page's head as a scraper reads it: each tag's attributes by name, `&#34;` and friends decoded. */
function readHead(html: string) {
  const decode = (value: string) =>
    value.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
  const tags = [...html.matchAll(/<(meta|link) ([^>]*?)\s*\/?>/g)].map((match) =>
    Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((pair) => [
        pair[1],
        decode(pair[2] ?? ''),
      ]),
    ),
  );
  const meta = (key: string) =>
    tags.filter((tag) => tag.name === key || tag.property === key).map((tag) => tag.content);
  const links = (rel: string) => tags.filter((tag) => tag.rel === rel);
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    meta,
    canonical: links('canonical').map((tag) => tag.href),
    alternates: Object.fromEntries(links('alternate').map((tag) => [tag.hreflang, tag.href])),
  };
}

describe('the head of a public page', () => {
  it('/faq speaks pt-BR by default: title, description, Open Graph, Twitter, canonical, hreflang', async () => {
    const response = await get('/faq');
    expect(response.statusCode).toBe(200);
    const head = readHead(response.body);
    expect(head.lang).toBe('pt-BR');
    expect(head.title).toBe('Perguntas frequentes · Cota "&" Cep');
    const description = head.meta('description');
    expect(description).toHaveLength(1);
    expect(description[0]).toMatch(/tokens de API/);
    expect(head.meta('og:title')).toEqual(['Perguntas frequentes · Cota "&" Cep']);
    expect(head.meta('og:description')).toEqual(description);
    expect(head.meta('og:type')).toEqual(['website']);
    expect(head.meta('og:site_name')).toEqual(['Cota "&" Cep']);
    expect(head.meta('og:url')).toEqual([`${SITE}/faq`]);
    expect(head.meta('og:locale')).toEqual(['pt_BR']);
    expect(head.meta('og:locale:alternate')).toEqual(['en_US']);
    expect(head.meta('twitter:card')).toEqual(['summary']);
    expect(head.meta('twitter:title')).toEqual(['Perguntas frequentes · Cota "&" Cep']);
    expect(head.meta('twitter:description')).toEqual(description);
    expect(head.meta('robots')).toEqual([]);
    expect(head.canonical).toEqual([`${SITE}/faq`]);
    expect(head.alternates).toEqual({
      'pt-BR': `${SITE}/faq`,
      en: `${SITE}/faq?lng=en`,
      'x-default': `${SITE}/faq`,
    });
    // Escaped where it is written: the app name's quote and ampersand never break out of an attribute.
    expect(response.body).toContain('content="Cota &#34;&#38;&#34; Cep"');
    expect(response.body).not.toContain('Cota "&" Cep');
  });

  it('/faq?lng=en speaks English, with its own canonical address', async () => {
    const head = readHead((await get('/faq?lng=en', { 'accept-language': 'pt-BR' })).body);
    expect(head.lang).toBe('en');
    expect(head.title).toBe('FAQ · Cota "&" Cep');
    expect(head.meta('description')[0]).toMatch(/API tokens/);
    expect(head.meta('og:locale')).toEqual(['en_US']);
    expect(head.meta('og:locale:alternate')).toEqual(['pt_BR']);
    expect(head.meta('og:url')).toEqual([`${SITE}/faq?lng=en`]);
    expect(head.canonical).toEqual([`${SITE}/faq?lng=en`]);
    expect(head.alternates.en).toBe(`${SITE}/faq?lng=en`);
  });

  it('follows the language cookie, then Accept-Language (en-US), and says so in Vary', async () => {
    const byBrowser = await get('/faq', { 'accept-language': 'en-US,en;q=0.9' });
    expect(readHead(byBrowser.body).lang).toBe('en');
    expect(readHead(byBrowser.body).title).toBe('FAQ · Cota "&" Cep');
    const vary = String(byBrowser.headers.vary).toLowerCase();
    for (const header of ['accept-encoding', 'accept-language', 'cookie']) expect(vary).toContain(header);
    expect(byBrowser.headers['cache-control']).toBe('no-cache');

    const byCookie = await get('/faq', { 'accept-language': 'en-US', cookie: 'i18next=pt-BR' });
    expect(readHead(byCookie.body).lang).toBe('pt-BR');
    const queryFirst = await get('/faq?lng=pt-BR', { cookie: 'i18next=en' });
    expect(readHead(queryFirst.body).lang).toBe('pt-BR');
    const unsupported = await get('/faq?lng=fr', { 'accept-language': 'fr-FR' });
    expect(readHead(unsupported.body).lang).toBe('pt-BR');
  });

  it('compresses each page with brotli or gzip and keeps the page-specific head', async () => {
    const br = await get('/faq?lng=en', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(readHead(brotliDecompressSync(br.rawPayload).toString()).title).toBe('FAQ · Cota "&" Cep');
    const gzip = await get('/faq', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(readHead(gunzipSync(gzip.rawPayload).toString()).title).toBe(
      'Perguntas frequentes · Cota "&" Cep',
    );
  });

  it('names the status page and the landing page by their own titles', async () => {
    expect(readHead((await get('/status?lng=en')).body).title).toBe('Service status · Cota "&" Cep');
    const landing = readHead((await get('/')).body);
    expect(landing.canonical).toEqual([`${SITE}/`]);
    expect(landing.title).toBe('API de cotações de moedas e CEP · Cota "&" Cep');
  });
});

describe('the head of any other page', () => {
  it.each(['/dashboard', '/auth/login', '/account/settings?tab=security', '/no/such/page'])(
    '%s is noindex, with no description, canonical or Open Graph tags',
    async (url) => {
      const response = await get(url, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(200);
      const head = readHead(response.body);
      expect(head.meta('robots')).toEqual(['noindex']);
      expect(head.meta('description')).toEqual([]);
      expect(head.meta('og:title')).toEqual([]);
      expect(head.canonical).toEqual([]);
      expect(head.lang).toBe('en');
      expect(head.title).toBe('Cota "&" Cep');
    },
  );

  it('writes the public address for the web app to build the same links', async () => {
    expect((await get('/dashboard')).body).toContain(`<meta name="public-url" content="${SITE}" />`);
  });
});
