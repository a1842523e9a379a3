import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Xsrf } from '../../plugins/xsrf.ts';

export type SendSpaIndex = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The configured app name and API address go into index.html once, so one build serves every deploy. */
export function renderIndexHtml(template: string, config: Config): string {
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.APP_NAME)}</title>`)
    .replace(/(<meta name="app-name" content=")[^"]*(")/, `$1${escapeHtml(config.APP_NAME)}$2`)
    .replace(/(<meta name="api-url" content=")[^"]*(")/, `$1${escapeHtml(config.API_URL)}$2`);
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
  const indexHtml = renderIndexHtml(readFileSync(indexPath, 'utf8'), config);
  const sendIndex: SendSpaIndex = (request, reply) => {
    xsrf.issueIfMissing(request, reply);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };

  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      wildcard: false,
      index: false,
      // index.html is templated and answered by sendIndex below.
      globIgnore: ['index.html'],
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    web.get('/', sendIndex);
    web.get('/index.html', sendIndex);
  });
  return sendIndex;
}

/** Page routes (GET or HEAD, no file extension, outside the API prefixes) fall back to the SPA. */
export function isSpaRoute(request: FastifyRequest, apiPrefixes: readonly string[]): boolean {
  const pathname = request.url.split('?')[0] ?? '/';
  const isApi = apiPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  const isPageMethod = request.method === 'GET' || request.method === 'HEAD';
  return !isApi && isPageMethod && path.extname(pathname) === '';
}
