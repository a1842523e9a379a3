import type { Language } from '@cotacep/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QuoteErrorCode } from '../../lib/public-errors.ts';
import { READ_ONLY_ALLOW } from '../../lib/read-only-api.ts';
import {
  formatOfPath,
  type PublicFormat,
  rawPublicError,
  sendPublicError,
} from '../../lib/send-public-error.ts';
import type { RawAnswer } from '../../plugins/client-errors.ts';
import { UNROUTED_API_HEADERS } from '../../plugins/security-headers.ts';
import type { Prepared } from './quote-service.ts';

export const SOURCE_HEADER = 'x-quote-source';
export const AS_OF_HEADER = 'x-quote-as-of';

export function sendPrepared(reply: FastifyReply, prepared: Prepared): FastifyReply {
  reply.header('content-type', prepared.contentType);
  if (prepared.source) reply.header(SOURCE_HEADER, prepared.source);
  if (prepared.asOf) reply.header(AS_OF_HEADER, prepared.asOf);
  return reply.send(prepared.body);
}

/** Routes under `/xml/` answer their errors in XML; every other quotes path (`/json/…`, `/last/…`) in JSON. */
export function quotesFormat(basePath: string, url: string): PublicFormat {
  return formatOfPath(url.slice(basePath.length)) ?? 'json';
}

export function sendQuoteError(
  request: FastifyRequest,
  reply: FastifyReply,
  format: PublicFormat,
  code: QuoteErrorCode,
  detail = '',
): FastifyReply {
  return sendPublicError(request, reply, { api: 'quotes', code, detail }, format);
}

/**
 * For Fastify's `frameworkErrors`: a quotes API URL the router could not take (broken percent-encoding,
 * a parameter over the length limit) gets the API's own 400. False for any other URL.
 */
export function sendQuotesBadUrl(
  basePath: string,
  error: { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if (!request.url.startsWith(`${basePath}/`)) return false;
  reply.headers(UNROUTED_API_HEADERS);
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'PathTooLong' : 'MalformedPath';
  sendQuoteError(request, reply, quotesFormat(basePath, request.url), code);
  return true;
}

/** For the raw client-error handler: a method Node's parser does not know, on a quotes API URL. */
export function rawQuotesMethodNotAllowed(
  basePath: string,
  url: string,
  language: Language,
): RawAnswer | null {
  if (!url.startsWith(`${basePath}/`)) return null;
  const headers = { ...UNROUTED_API_HEADERS, allow: READ_ONLY_ALLOW };
  return rawPublicError(
    { api: 'quotes', code: 'MethodNotAllowed' },
    language,
    quotesFormat(basePath, url),
    headers,
  );
}
