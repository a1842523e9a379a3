import { type Language, pickLanguage } from '@cotacep/shared/languages';
import type { FastifyRequest } from 'fastify';

/** The language a response speaks: the request's Accept-Language, pt-BR when absent or unsupported. */
export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}
