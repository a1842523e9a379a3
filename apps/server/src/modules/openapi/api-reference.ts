import { createHash } from 'node:crypto';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply } from 'fastify';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The reference page needs one inline script (its configuration) besides its own bundle, which the
 * server's strict CSP refuses. Rather than allow inline scripts, the page gets a CSP listing the hash
 * of exactly the scripts it carries; everything else stays same-origin.
 */
export function referencePageCsp(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    // The bundle injects its stylesheet at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

function onSendReferencePage(
  _request: unknown,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  const type = reply.getHeader('content-type');
  if (typeof payload === 'string' && typeof type === 'string' && type.startsWith('text/html')) {
    reply.header('content-security-policy', referencePageCsp(payload));
  }
  done(null, payload);
}

/** A Scalar API reference page for one OpenAPI document, at `<routePrefix>/`, fonts and scripts served here. */
export async function registerApiReference(
  app: FastifyInstance,
  options: { routePrefix: `/${string}`; documentUrl: string; title: string },
) {
  await app.register(async (scope) => {
    scope.addHook('onSend', onSendReferencePage);
    await scope.register(scalarApiReference, {
      routePrefix: options.routePrefix,
      logLevel: 'warn',
      configuration: {
        url: options.documentUrl,
        pageTitle: options.title,
        // The default fonts come from Scalar's CDN; the page uses the system fonts instead.
        withDefaultFonts: false,
        hideClientButton: true,
        // Features that talk to Scalar's own services, which the page's CSP (and privacy) keep out.
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
      },
    });
  });
}
