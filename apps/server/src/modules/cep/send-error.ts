import type { CepErrorCode } from '@cotacep/shared/cep';
import type { Language } from '@cotacep/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { READ_ONLY_ALLOW } from '../../lib/read-only-api.ts';
import {
  formatOfPath,
  type PublicFormat,
  rawPublicError,
  sendPublicError,
} from '../../lib/send-public-error.ts';
import type { RawAnswer } from '../../plugins/client-errors.ts';
import { UNROUTED_API_HEADERS } from '../../plugins/security-headers.ts';

export type CepFormat = PublicFormat;

/** `format` from the path below the base (`formatOfPath`): null for neither `json/` nor `xml/`, answered in JSON. */
export function sendCepError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: CepErrorCode,
  format: CepFormat | null,
) {
  return sendPublicError(request, reply, { api: 'cep', code }, format);
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
  const headers = { ...UNROUTED_API_HEADERS, allow: READ_ONLY_ALLOW };
  const format = formatOfPath(url.slice(basePath.length));
  return rawPublicError({ api: 'cep', code: 'method_not_allowed' }, language, format, headers);
}
