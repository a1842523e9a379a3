import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@cotacep/shared/languages';
import { localizedPageUrl } from '@cotacep/shared/site-meta';
import { PUBLIC_PAGES } from '@cotacep/shared/site-pages';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/escape-html.ts';

const PRIVATE_PREFIXES = ['/account', '/dashboard', '/projects', '/billing', '/auth/'] as const;
const CACHE_AN_HOUR = 'public, max-age=3600';

export function renderRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One <url> per page and language, each naming every language's version (and pt-BR as x-default). */
export function renderSitemapXml(publicUrl: string): string {
  const urlOf = (page: string, language: Language) => localizedPageUrl(publicUrl, page, language);
  const link = (hreflang: string, href: string) =>
    `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`;
  const entries = PUBLIC_PAGES.flatMap((page) => {
    const alternates = [
      ...SUPPORTED_LANGUAGES.map((language) => link(language, urlOf(page, language))),
      link('x-default', urlOf(page, DEFAULT_LANGUAGE)),
    ];
    return SUPPORTED_LANGUAGES.map((language) =>
      ['  <url>', `    <loc>${escapeHtml(urlOf(page, language))}</loc>`, ...alternates, '  </url>'].join(
        '\n',
      ),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** `/robots.txt` and `/sitemap.xml`, built once from PUBLIC_URL and answered before the SPA fallback. */
export async function discoveryRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const robots = renderRobotsTxt(publicUrl);
  const sitemap = renderSitemapXml(publicUrl);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_AN_HOUR).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_AN_HOUR).send(sitemap),
  );
}
