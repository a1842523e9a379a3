import type { FastifyRequest } from 'fastify';
import { redactIp } from '../../lib/redact-ip.ts';

/** `token` (an API key), `code` and `state` (an OAuth callback, a link with a one-time code)… */
const TOKEN_PARAM =
  /([?&](?:token|code|state|password|secret|key|api_key|access_token|refresh_token)=)[^&#]*/gi;

/** A URL for the logs: a secret passed in the query string (an API key as `token=`…) never reaches them. */
export function redactTokenInUrl(url: string): string {
  return url.includes('?') ? url.replace(TOKEN_PARAM, '$1[redacted]') : url;
}

/** Fastify's request log fields, with the URL and the client address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokenInUrl(request.url),
    host: request.host,
    remoteAddress: redactIp(request.ip),
    remotePort: request.socket?.remotePort,
  };
}
