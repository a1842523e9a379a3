import type { CepErrorCode } from '@cotacep/shared/cep';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { cepErrorBody } from './errors.ts';
import { toXml } from './xml.ts';

export type CepFormat = 'json' | 'xml';

/** The answer format a CEP API path asks for, from the path below the API's base. */
export function formatOfPath(pathBelowBase: string): CepFormat | null {
  if (pathBelowBase.startsWith('/json/')) return 'json';
  if (pathBelowBase.startsWith('/xml/')) return 'xml';
  return null;
}

/**
 * Every CEP API answer's headers, set in one call (the public API scope gets only `nosniff` from the
 * security-headers plugin; page headers such as CSP mean nothing on JSON and XML).
 */
const CEP_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
};

export function setCepHeaders(reply: FastifyReply): void {
  reply.headers(CEP_HEADERS);
}

export function sendCepError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: CepErrorCode,
  format: CepFormat | null,
) {
  const body = cepErrorBody(code, requestLanguage(request));
  reply.code(body.status);
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
  setCepHeaders(reply);
  sendCepError(request, reply, format ? 'invalid' : 'not_found', format);
  return true;
}
