import type { FastifyRequest } from 'fastify';

/** Anything else cannot be a secret we issued: refused without a database read. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The key of a request: the `x-api-key` header, else the `token` query parameter; null when neither is
 * there. A repeated header or parameter reads as an empty (invalid) token, never as one of its values.
 */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (header !== undefined) return Array.isArray(header) ? '' : header;
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  if (token === undefined) return null;
  return typeof token === 'string' ? token : '';
}
