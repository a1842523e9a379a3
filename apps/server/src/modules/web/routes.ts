import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Xsrf } from '../../plugins/xsrf.ts';
import { choosePageLanguage, PAGE_HEAD_VARY, pageKeyOf, renderPageHtml } from './page-head.ts';
import { loadPrerenderedPages } from './prerendered-pages.ts';

export type SendSpaIndex = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * The configured app name and addresses go into index.html once, so one build serves every deploy; each
 * page's title and head tags are added per request (page-head.ts).
 */
export function renderIndexHtml(template: string, config: Config): string {
  // A replacer function, so a `$` in a configured value is taken literally.
  const setMeta = (html: string, name: string, value: string) =>
    html.replace(
      new RegExp(`(<meta name="${name}" content=")[^"]*(")`),
      (_all, open: string, close: string) => `${open}${escapeHtml(value)}${close}`,
    );
  const withAppName = setMeta(template, 'app-name', config.APP_NAME);
  return setMeta(setMeta(withAppName, 'api-url', config.API_URL), 'public-url', config.publicUrl);
}

type Encoding = 'br' | 'gzip';

/** The client's preferred of brotli and gzip from Accept-Encoding (brotli on a tie), or null. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce((a, b) => (weightOf(b) > weightOf(a) ? b : a));
  return weightOf(best) > 0 ? best : null;
}

function compress(html: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    : gzipSync(html, { level: 9 });
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached. Returns the handler
 * that answers page routes with index.html (history fallback), or null when the app is not built.
 */
export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  xsrf: Xsrf,
): Promise<SendSpaIndex | null> {
  const indexPath = path.join(config.WEB_DIST_DIR, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(
      { dir: config.WEB_DIST_DIR },
      'web app not built: run `npm run build`; serving the APIs only',
    );
    return null;
  }
  const template = renderIndexHtml(readFileSync(indexPath, 'utf8'), config);
  // The public pages as the build prerendered them (decision 039); the SPA's index.html for the rest.
  const prerendered = loadPrerenderedPages(config.WEB_DIST_DIR, app, config);
  // One page per public page and language (its head tags), one not-found page per language, plus one
  // index.html per language for every other page, each rendered and compressed once, on first request: a
  // few dozen entries at most.
  const rendered = new Map<string, { html: Buffer; encoded: Partial<Record<Encoding, Buffer>> }>();
  const sendIndex: SendSpaIndex = async (request, reply) => {
    xsrf.issueIfMissing(request, reply);
    const pageKey = pageKeyOf(request.url);
    const language = choosePageLanguage(request);
    const found = await prerendered?.find(request.url, language);
    const cacheKey = `${language} ${pageKey} ${found?.key ?? 'spa'}`;
    let page = rendered.get(cacheKey);
    if (!page) {
      const input = { pageKey, language, publicUrl: config.publicUrl, appName: config.APP_NAME };
      const base = found ? renderIndexHtml(found.template, config) : template;
      page = { html: Buffer.from(renderPageHtml(base, input)), encoded: {} };
      rendered.set(cacheKey, page);
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply
      .code(found?.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', `accept-encoding, ${PAGE_HEAD_VARY}`);
    if (!encoding) return reply.send(page.html);
    page.encoded[encoding] ??= compress(page.html, encoding);
    return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
  };

  await app.register(async (files) => {
    // The build's files get the subresource headers only (plugins/security-headers.ts), not the page's.
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, securityHeaders: 'asset' };
    });
    await files.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to compressible files; they are sent by Accept-Encoding.
      preCompressed: true,
      // index.html is templated and answered by sendIndex below; the variants are never asked for by name.
      // Source maps (issue 22): the build writes them without a `sourceMappingURL` (apps/web/vite.config.ts)
      // for an error tracker or a bundle analysis to read from the build; in production they are not served
      // at all (a 404, as any unknown file), since they carry the whole front-end source. Elsewhere they are,
      // for a developer's browser tools.
      // The prerendered pages and their template are sent by sendIndex too, never by name.
      globIgnore: [
        'index.html',
        'prerendered.html',
        'prerendered/**',
        '**/*.br',
        '**/*.gz',
        ...(config.isProduction ? ['**/*.map'] : []),
      ],
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  return sendIndex;
}

/** Page routes (GET or HEAD, no file extension, outside the API prefixes) fall back to the SPA. */
export function isSpaRoute(request: FastifyRequest, apiPrefixes: readonly string[]): boolean {
  const pathname = request.url.split('?')[0] ?? '/';
  const isApi = apiPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  const isPageMethod = request.method === 'GET' || request.method === 'HEAD';
  return !isApi && isPageMethod && path.extname(pathname) === '';
}
