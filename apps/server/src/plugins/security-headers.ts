import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `api`: a JSON API route, which gets only `nosniff`; pages and the portal API get the full set. */
    securityHeaders?: 'page' | 'api';
  }
}

/** Runs helmet once against a recording response, so its headers are computed once, not per request. */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

const API_HEADERS = { 'x-content-type-options': 'nosniff' };

/**
 * A public API URL Fastify cannot route (broken percent-encoding, an over-long parameter) is answered
 * before any hook, the gateway's and this plugin's included: the APIs' error senders set these themselves.
 */
export const UNROUTED_API_HEADERS = { ...API_HEADERS, 'access-control-allow-origin': '*' };

/**
 * helmet's headers (strict CSP, frame denial, nosniff…) on every response. @fastify/helmet builds the
 * helmet middleware again on every request; these headers never change, so they are computed at start-up.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const pageHeaders = computeSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders === 'api' ? API_HEADERS : pageHeaders);
    done();
  });
});
