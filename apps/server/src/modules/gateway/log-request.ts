import type { FastifyRequest } from 'fastify';

const TOKEN_PARAM = /([?&]token=)[^&#]*/gi;

/** A URL for the logs: an API key passed as `token=` is a secret and never reaches them. */
export function redactTokenInUrl(url: string): string {
  return url.includes('?') ? url.replace(TOKEN_PARAM, '$1[redacted]') : url;
}

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokenInUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
