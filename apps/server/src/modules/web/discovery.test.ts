import { PUBLIC_PAGES } from '@cotacep/shared/site-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

const SITE = 'https://cotacep.example.com';

let t: TestApp;
beforeAll(async () => {
  // No built SPA here: robots.txt and the sitemap do not depend on it.
  t = await createTestApp({
    env: { SERVE_WEB: 'true', WEB_DIST_DIR: '/nonexistent-dist', PUBLIC_URL: `${SITE}/` },
  });
});
afterAll(() => t.close());

describe('GET /robots.txt', () => {
  it('allows the public site, keeps the signed-in screens out and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const prefix of ['/account', '/dashboard', '/projects', '/billing', '/auth/']) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(5);
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public page in both languages with hreflang alternates', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(PUBLIC_PAGES).toEqual([
      '/',
      '/pricing',
      '/contact',
      '/faq',
      '/about',
      '/terms',
      '/privacy',
      '/terms-of-service',
      '/quick-start',
      '/docs',
      '/docs/quotes',
      '/docs/cep',
      '/docs/portal',
      '/status',
    ]);
    expect(locs).toHaveLength(PUBLIC_PAGES.length * 2);
    for (const page of PUBLIC_PAGES) {
      expect(locs).toContain(`${SITE}${page}`);
      expect(locs).toContain(`${SITE}${page}?lng=en`);
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="pt-BR" href="${SITE}${page}"/>`);
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE}${page}?lng=en"/>`);
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}${page}"/>`);
    }
    expect(xml).not.toContain('/account');
  });

  it('answers HEAD', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  });
});
