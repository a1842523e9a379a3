import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from '../../lib/secrets.ts';
import type { Gateway } from './gateway.ts';
import { isOriginAllowed } from './restrictions.ts';
import { readToken } from './token.ts';

const ALLOWED_HEADERS = 'x-api-key, accept, accept-language, content-type';

/**
 * CORS preflights of the public APIs. A browser sends no `x-api-key` with a preflight, so without a
 * `token` parameter the origin is let through here and judged on the real request, whose answer names
 * it only when the key allows it. With a `token` parameter the key is judged at once.
 */
export function registerPreflight(scope: FastifyInstance, gateway: Gateway, prefixes: string[]) {
  async function isAllowed(request: FastifyRequest, origin: string): Promise<boolean> {
    const token = readToken(request);
    if (token === null) return true;
    try {
      const key = await gateway.keys.get(hashToken(token));
      return key?.enabled === true && key.kind === 'public' && isOriginAllowed(key, origin);
    } catch (error) {
      request.log.warn({ err: error }, 'preflight could not read the key; origin not allowed');
      return false;
    }
  }

  async function onPreflight(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    reply.code(204).header('vary', 'Origin').header('cache-control', 'no-store');
    if (origin && (await isAllowed(request, origin))) {
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, HEAD, OPTIONS',
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': 600,
      });
    }
    return reply.send();
  }

  for (const prefix of prefixes) {
    scope.options(`${prefix}/*`, { schema: { hide: true } }, onPreflight);
  }
}
