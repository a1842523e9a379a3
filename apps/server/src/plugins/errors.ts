import { ERRORS, type ErrorCode, errorMessageWithWait, type ValidationIssue } from '@cotacep/shared/errors';
import type { Language } from '@cotacep/shared/languages';
import { translateValidationMessage } from '@cotacep/shared/validation-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { requestLanguage } from '../lib/language.ts';

const zodLocales = { en: z.locales.en(), 'pt-BR': z.locales.ptBR() } as const;

/** Fastify's own error codes that are the client's fault, mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PayloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UnsupportedMediaType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BadRequest',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BadRequest',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BadRequest',
  FST_ERR_VALIDATION: 'BadRequest',
};

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERRORS[code][language];
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  extra: Record<string, unknown> = {},
) {
  const language = requestLanguage(request);
  return reply.code(ERRORS[code].status).send({
    code,
    // A limit that knows when it lifts says so (issue 23).
    message: errorMessageWithWait(code, language, extra.retryAfter),
    ...extra,
    requestId: request.id,
  });
}

type ValidationItem = { keyword: string; instancePath: string; message?: string; params?: object };

function translateIssue(item: ValidationItem, language: Language): ValidationIssue {
  const path = item.instancePath.split('/').filter(Boolean);
  const message = item.message ?? '';
  const known = translateValidationMessage(message, language);
  if (known) return { message: known, path };
  // Zod's own message, re-rendered in the request's language from the issue's parameters.
  const issue = { code: item.keyword, path, message, ...(item.params ?? {}) };
  const localized = zodLocales[language].localeError?.(issue as never);
  const text = typeof localized === 'string' ? localized : localized?.message;
  return { message: text ?? message, path };
}

/**
 * One handler, one envelope: `{ code, message, requestId }`; 5xx never shows internals and no framework
 * code (`FST_…`) reaches a client. An unreachable database is a 503 with Retry-After, not a 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = (error.validation as ValidationItem[]).map((item) => translateIssue(item, language));
      return reply.code(400).send({ code: 'ZodError', message: issues, requestId: request.id });
    }
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(request, reply, error.code, error.extra);
    }
    if (error.statusCode === 429) return sendError(request, reply, 'TooManyRequests');
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return sendError(request, reply, 'DatabaseUnavailable');
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(request, reply, error.statusCode === 404 ? 'NotFound' : 'BadRequest');
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 'InternalError');
  });
});
