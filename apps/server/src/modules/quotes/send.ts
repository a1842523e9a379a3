import type { Language } from '@cotacep/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { READ_ONLY_ALLOW } from '../../lib/read-only-api.ts';
import type { RawAnswer } from '../../plugins/client-errors.ts';
import { UNROUTED_API_HEADERS } from '../../plugins/security-headers.ts';
import { type QuoteErrorCode, quoteErrorBody } from './public-errors.ts';
import type { Prepared } from './quote-service.ts';
import { escapeXml, xmlDocument } from './xml.ts';

export const SOURCE_HEADER = 'x-quote-source';
export const AS_OF_HEADER = 'x-quote-as-of';

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
  // The gateway marks anonymous answers cacheable; a server's failure must not be kept.
  if (body.status >= 500) reply.header('cache-control', 'no-store');
  const { contentType, text } = errorText(request.url, body);
  return reply.code(body.status).type(contentType).send(text);
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
  sendQuoteError(request, reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'PathTooLong' : 'MalformedPath');
  return true;
}

/** For the raw client-error handler: a method Node's parser does not know, on a quotes API URL. */
export function rawQuotesMethodNotAllowed(
  basePath: string,
  url: string,
  language: Language,
): RawAnswer | null {
  if (!url.startsWith(`${basePath}/`)) return null;
  const body = quoteErrorBody('MethodNotAllowed', language);
  const headers = { ...UNROUTED_API_HEADERS, allow: READ_ONLY_ALLOW };
  const { contentType, text } = errorText(url, body);
  return { status: body.status, headers, contentType, body: text };
}

/**
 * One error shape per format: a route under `/xml/` answers the same three fields in XML
 * (`<xml><status>404</status><code>CoinNotExists</code><message>…</message></xml>`), any other in JSON.
 */
function errorText(url: string, body: { status: number; code: string; message: string }) {
  if (!(url.split('?')[0] ?? '').includes('/xml/')) {
    return { contentType: 'application/json; charset=utf-8', text: JSON.stringify(body) };
  }
  const fields: [string, string][] = [
    ['status', String(body.status)],
    ['code', escapeXml(body.code)],
    ['message', escapeXml(body.message)],
  ];
  return { contentType: 'application/xml; charset=utf-8', text: xmlDocument(fields) };
}
