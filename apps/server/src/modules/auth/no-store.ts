import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Route hook for answers that carry a token or a secret (tokens, challenge sessions, one-time codes in a
 * redirect): neither the browser nor any proxy may keep them. A route's own onSend runs after the app's,
 * so nothing set earlier overrides it.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}
