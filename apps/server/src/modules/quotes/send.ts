import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { type QuoteErrorCode, quoteErrorBody } from './public-errors.ts';
import type { Prepared } from './quote-service.ts';

export const SOURCE_HEADER = 'x-quote-source';
export const AS_OF_HEADER = 'x-quote-as-of';

/** Anonymous and cross-origin for now; browsers may read the freshness headers too. */
export function setQuotesHeaders(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', `${SOURCE_HEADER}, ${AS_OF_HEADER}`);
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

export function sendPrepared(reply: FastifyReply, prepared: Prepared): FastifyReply {
  reply.header('content-type', prepared.contentType);
  if (prepared.source) reply.header(SOURCE_HEADER, prepared.source);
  if (prepared.asOf) reply.header(AS_OF_HEADER, prepared.asOf);
  return reply.send(prepared.body);
}

export function sendQuoteError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: QuoteErrorCode,
  detail = '',
): FastifyReply {
  const body = quoteErrorBody(code, requestLanguage(request), detail);
  return reply.code(body.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
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
  setQuotesHeaders(reply);
  sendQuoteError(request, reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'PathTooLong' : 'MalformedPath');
  return true;
}
