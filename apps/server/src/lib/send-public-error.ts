import type { Language } from '@cotacep/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from './language.ts';
import {
  type PublicApi,
  type PublicErrorBody,
  type PublicErrorCode,
  publicErrorBody,
} from './public-errors.ts';
import { toXml } from './xml.ts';

export type PublicFormat = 'json' | 'xml';

const CONTENT_TYPES: Record<PublicFormat, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

/** The format a public API path asks for, from the path below the API's base; null under neither. */
export function formatOfPath(pathBelowBase: string): PublicFormat | null {
  if (pathBelowBase.startsWith('/json/')) return 'json';
  if (pathBelowBase.startsWith('/xml/')) return 'xml';
  return null;
}

/** The format of a URL under one of the public APIs' bases (the gateway guards both); null otherwise. */
export function formatOfUrl(url: string, bases: readonly string[]): PublicFormat | null {
  for (const base of bases) {
    if (url.startsWith(`${base}/`)) return formatOfPath(url.slice(base.length));
  }
  return null;
}

/**
 * One error shape per format: an XML route answers the same fields in XML
 * (`<xml><status>404</status><code>CoinNotExists</code><message>…</message></xml>`), any other in JSON.
 */
export function publicErrorText(body: PublicErrorBody, format: PublicFormat | null) {
  if (format === 'xml') return { contentType: CONTENT_TYPES.xml, text: toXml(body) };
  return { contentType: CONTENT_TYPES.json, text: JSON.stringify(body) };
}

/** The one sender of the public APIs' errors: the catalogue's body in the request's language and format. */
export function sendPublicError<Api extends PublicApi>(
  request: FastifyRequest,
  reply: FastifyReply,
  error: { api: Api; code: PublicErrorCode<Api>; detail?: string },
  format: PublicFormat | null,
): FastifyReply {
  const body = publicErrorBody(error.api, error.code, requestLanguage(request), error.detail);
  // The gateway marks anonymous answers cacheable; a server's failure must not be kept.
  if (body.status >= 500) reply.header('cache-control', 'no-store');
  const { contentType, text } = publicErrorText(body, format);
  return reply.code(body.status).type(contentType).send(text);
}

/** The same answer for the raw client-error handler, which has no Fastify request to answer through. */
export function rawPublicError<Api extends PublicApi>(
  error: { api: Api; code: PublicErrorCode<Api> },
  language: Language,
  format: PublicFormat | null,
  headers: Record<string, string>,
) {
  const body = publicErrorBody(error.api, error.code, language);
  const { contentType, text } = publicErrorText(body, format);
  return { status: body.status, headers, contentType, body: text };
}
