import type { CepErrorCode } from '@cotacep/shared/cep';
import type { Language } from '@cotacep/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { READ_ONLY_ALLOW } from '../../lib/read-only-api.ts';
import type { RawAnswer } from '../../plugins/client-errors.ts';
import { UNROUTED_API_HEADERS } from '../../plugins/security-headers.ts';
import { cepErrorBody } from './errors.ts';
import { toXml } from './xml.ts';

export type CepFormat = 'json' | 'xml';

/** The answer format a CEP API path asks for, from the path below the API's base. */
export function formatOfPath(pathBelowBase: string): CepFormat | null {
  if (pathBelowBase.startsWith('/json/')) return 'json';
  if (pathBelowBase.startsWith('/xml/')) return 'xml';
  return null;
}

export function sendCepError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: CepErrorCode,
  format: CepFormat | null,
) {
  const body = cepErrorBody(code, requestLanguage(request));
  reply.code(body.status);
  // The gateway marks anonymous answers cacheable; a server's failure must not be kept.
  if (body.status >= 500) reply.header('cache-control', 'no-store');
  if (format === 'xml') return reply.type('application/xml; charset=utf-8').send(toXml(body));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * For Fastify's `frameworkErrors`: a URL it cannot route at all (broken percent-encoding, a parameter
 * over the length limit) gets the CEP API's "invalid" answer when it is a CEP API URL. False otherwise.
 */
export function sendCepBadUrl(basePath: string, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.url.startsWith(`${basePath}/`)) return false;
  const format = formatOfPath(request.url.slice(basePath.length));
  reply.headers(UNROUTED_API_HEADERS);
  sendCepError(request, reply, format ? 'invalid' : 'not_found', format);
  return true;
}

/** For the raw client-error handler: a method Node's parser does not know, on a CEP API URL. */
export function rawCepMethodNotAllowed(basePath: string, url: string, language: Language): RawAnswer | null {
  if (!url.startsWith(`${basePath}/`)) return null;
  const body = cepErrorBody('method_not_allowed', language);
  const headers = { ...UNROUTED_API_HEADERS, allow: READ_ONLY_ALLOW };
  if (formatOfPath(url.slice(basePath.length)) === 'xml') {
    return { status: body.status, headers, contentType: 'application/xml; charset=utf-8', body: toXml(body) };
  }
  return {
    status: body.status,
    headers,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  };
}
