import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `api`: a JSON API route, which gets only `nosniff`; `asset`: a file a page loads (script, style, image),
     * which gets only the headers that govern a subresource; pages and the portal API get the full set.
     */
    securityHeaders?: 'page' | 'api' | 'asset';
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
 * The page headers that still mean something on a script, stylesheet or image (a stylesheet's fetches follow
 * its Referrer-Policy); CSP, frame and opener policies, reporting and permissions govern documents only, and
 * repeated on every asset they cost about 0.9 KB per file the landing loads.
 */
const ASSET_HEADER_NAMES = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'referrer-policy',
];

/** Where browsers send Content-Security-Policy violations (`report-uri`, and `report-to csp`). */
export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * Powerful browser features the site never uses, denied to it and to every frame it embeds (the bot
 * protection's included). Payments go through Stripe's hosted checkout, on Stripe's own page, so `payment`
 * is denied too. Copying to the clipboard (code samples) keeps its default, and so do passkeys
 * (`publickey-credentials-get`/`-create`: the site's own pages only), which sign in since issue 25.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** helmet's headers plus the permissions policy and CSP reporting to our endpoint. */
export function computePageHeaders(options: HelmetOptions): Record<string, string> {
  const headers = computeSecurityHeaders(options);
  const csp = headers['content-security-policy'];
  if (csp) {
    headers['content-security-policy'] = `${csp};report-uri ${CSP_REPORT_PATH};report-to csp`;
    headers['reporting-endpoints'] = `csp="${CSP_REPORT_PATH}"`;
  }
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * A public API URL Fastify cannot route (broken percent-encoding, an over-long parameter) is answered
 * before any hook, the gateway's and this plugin's included: the APIs' error senders set these themselves.
 */
export const UNROUTED_API_HEADERS = { ...API_HEADERS, 'access-control-allow-origin': '*' };

/**
 * helmet's headers (strict CSP, frame denial, nosniff…), the permissions policy and CSP reporting on every
 * response. @fastify/helmet builds the
 * helmet middleware again on every request; these headers never change, so they are computed at start-up.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const pageHeaders = computePageHeaders(options);
  const assetHeaders = Object.fromEntries(
    Object.entries(pageHeaders).filter(([name]) => ASSET_HEADER_NAMES.includes(name)),
  );
  const headersFor = { page: pageHeaders, api: API_HEADERS, asset: assetHeaders };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor[request.routeOptions.config.securityHeaders ?? 'page']);
    done();
  });
});
