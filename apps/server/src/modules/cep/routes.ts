import { normalizeCep } from '@cotacep/shared/cep';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import { isReadMethod, READ_ONLY_ALLOW } from '../../lib/read-only-api.ts';
import { formatOfPath } from '../../lib/send-public-error.ts';
import { toXml } from '../../lib/xml.ts';
import { CepLookupError } from './errors.ts';
import { cepParams, jsonResponses, xmlResponses } from './schemas.ts';
import { type CepFormat, sendCepError } from './send-error.ts';
import type { CepLookup, CepService } from './service.ts';

/**
 * The public CEP API: `GET /json/:cep` and `GET /xml/:cep`, anonymous for now. Its errors keep the
 * familiar API's own body, so this plugin has its own error and not-found handlers; nothing malformed
 * reaches a lookup (the route's pattern is checked first).
 */
export async function cepRoutes(app: FastifyInstance, { service }: { service: CepService }) {
  app.setErrorHandler((error: FastifyError | CepLookupError, request, reply) => {
    const format = formatOf(request);
    if (error instanceof CepLookupError) {
      if (error.code === 'unavailable') request.log.warn('CEP upstream unavailable and no fallback');
      return sendCepError(request, reply, error.code, format);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.code === 'FST_ERR_VALIDATION') {
      return sendCepError(request, reply, 'invalid', format);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'CEP database unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return sendCepError(request, reply, 'unavailable', format);
    }
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return sendCepError(request, reply, 'invalid', format);
    }
    request.log.error({ err: error }, 'CEP lookup failed');
    return sendCepError(request, reply, 'internal', format);
  });

  // A read-only API: any other method is a 405 before its body is read (the gateway has judged the key).
  app.addHook('onRequest', (request, reply, done) => {
    if (reply.sent || isReadMethod(request.method)) return done();
    reply.header('allow', READ_ONLY_ALLOW);
    sendCepError(request, reply, 'method_not_allowed', formatOf(request));
    done();
  });

  // Under json/ or xml/, a path no route matched (extra segments, an over-long value) is a malformed CEP.
  app.setNotFoundHandler((request, reply) => {
    const format = formatOf(request);
    const isLookup = format !== null && (request.method === 'GET' || request.method === 'HEAD');
    return sendCepError(request, reply, isLookup ? 'invalid' : 'not_found', format);
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const format of ['json', 'xml'] as const) {
    typed.get(
      `/${format}/:cep`,
      {
        schema: {
          tags: ['CEP'],
          summary: `Address of a CEP (${format.toUpperCase()})`,
          params: cepParams,
          response: format === 'json' ? jsonResponses : xmlResponses,
        },
      },
      async (request, reply) => {
        const cep = normalizeCep(request.params.cep);
        if (!cep) throw new CepLookupError('invalid');
        const lookup = service.peek(cep) ?? (await service.lookup(cep));
        return sendLookup(reply, lookup, format);
      },
    );
  }

  function formatOf(request: FastifyRequest): CepFormat | null {
    return formatOfPath(request.url.slice(app.prefix.length));
  }
}

function sendLookup(reply: FastifyReply, lookup: CepLookup, format: CepFormat) {
  if (!lookup.answer) throw new CepLookupError('not_found');
  reply.header('x-cep-source', lookup.source);
  // `municipality`: the city from the CEP ranges, given only when no upstream could be asked (documented).
  reply.header('x-cep-precision', lookup.source === 'municipality' ? 'municipality' : 'street');
  if (format === 'xml') return reply.type('application/xml; charset=utf-8').send(toXml(lookup.answer));
  return reply.type('application/json; charset=utf-8').send(lookup.json);
}
