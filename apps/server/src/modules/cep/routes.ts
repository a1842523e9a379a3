import {
  CEP_PATTERN,
  type CepErrorCode,
  cepAddressSchema,
  cepErrorSchema,
  normalizeCep,
} from '@cotacep/shared/cep';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.ts';
import { CepLookupError, cepErrorBody } from './errors.ts';
import type { CepLookup, CepService } from './service.ts';
import { toXml } from './xml.ts';

type Format = 'json' | 'xml';

const params = z.object({
  cep: z.string().regex(CEP_PATTERN).meta({ description: '8 digits; `NNNNN-NNN` is accepted too' }),
});

const errorResponses = { 400: cepErrorSchema, 404: cepErrorSchema, 503: cepErrorSchema };

/**
 * The public CEP API: `GET /json/:cep` and `GET /xml/:cep`, anonymous for now. Its errors keep the
 * familiar API's own body, so this plugin has its own error and not-found handlers; nothing malformed
 * reaches a lookup (the route's pattern is checked first).
 */
export async function cepRoutes(app: FastifyInstance, { service }: { service: CepService }) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });

  app.setErrorHandler((error: FastifyError | CepLookupError, request, reply) => {
    const format = formatOf(request);
    if (error instanceof CepLookupError) {
      if (error.code === 'unavailable') request.log.warn('CEP upstream unavailable and no fallback');
      return sendCepError(request, reply, error.code, format);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.code === 'FST_ERR_VALIDATION') {
      return sendCepError(request, reply, 'invalid', format);
    }
    request.log.error({ err: error }, 'CEP lookup failed');
    return sendCepError(request, reply, 'internal', format);
  });

  // Under json/ or xml/, a path no route matched (extra segments, an over-long value) is a malformed CEP.
  app.setNotFoundHandler((request, reply) => {
    const format = formatOf(request);
    const isLookup = format !== null && (request.method === 'GET' || request.method === 'HEAD');
    return sendCepError(request, reply, isLookup ? 'invalid' : 'not_found', format);
  });

  for (const format of ['json', 'xml'] as const) {
    app.get(
      `/${format}/:cep`,
      {
        schema: {
          tags: ['CEP'],
          summary: `Address of a CEP (${format.toUpperCase()})`,
          params,
          ...(format === 'json' ? { response: { 200: cepAddressSchema, ...errorResponses } } : {}),
        },
      },
      async (request, reply) => {
        const cep = normalizeCep((request.params as z.infer<typeof params>).cep);
        if (!cep) throw new CepLookupError('invalid');
        const lookup = service.peek(cep) ?? (await service.lookup(cep));
        return sendLookup(reply, lookup, format);
      },
    );
  }

  function formatOf(request: FastifyRequest): Format | null {
    const rest = request.url.slice(app.prefix.length);
    if (rest.startsWith('/json/')) return 'json';
    if (rest.startsWith('/xml/')) return 'xml';
    return null;
  }
}

function sendLookup(reply: FastifyReply, lookup: CepLookup, format: Format) {
  if (!lookup.answer) throw new CepLookupError('not_found');
  reply.header('x-cep-source', lookup.source);
  if (format === 'xml') return reply.type('application/xml; charset=utf-8').send(toXml(lookup.answer));
  return reply.type('application/json; charset=utf-8').send(lookup.json);
}

function sendCepError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: CepErrorCode,
  format: Format | null,
) {
  const body = cepErrorBody(code, requestLanguage(request));
  reply.code(body.status);
  if (format === 'xml') return reply.type('application/xml; charset=utf-8').send(toXml(body));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}
