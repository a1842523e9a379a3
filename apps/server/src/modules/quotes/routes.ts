import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isReadMethod, READ_ONLY_ALLOW } from '../../lib/read-only-api.ts';
import { parseDailyQuery } from './daily-query.ts';
import { QuoteApiError } from './public-errors.ts';
import type { Format } from './quote-service.ts';
import {
  allResponse,
  availableResponse,
  dailyParams,
  dailyQuery,
  dailyRangeParams,
  dailyResponse,
  errorResponses,
  lastResponse,
  pairsParams,
  uniqResponse,
  xmlContent,
  xmlErrorResponses,
  xmlResponse,
} from './schemas.ts';
import { quotesFormat, sendPrepared, sendQuoteError } from './send.ts';
import type { Quotes } from './setup.ts';
import { quoteValidationError } from './validation-errors.ts';

const TAGS = ['Cotações'];

/**
 * The public quotes API in AwesomeAPI's formats, answered from memory. A plain encapsulated plugin with
 * its own error and not-found handlers (AwesomeAPI's `{ status, code, message }` bodies), so a key
 * gateway can later add its hooks in front of it.
 */
export async function quotesRoutes(app: FastifyInstance, { quotes }: { quotes: Quotes }) {
  const { service, ingester } = quotes;
  if (quotes.isIngestOn) app.addHook('onReady', async () => ingester.start());
  app.addHook('onClose', async () => ingester.stop());

  const formatOf = (request: FastifyRequest) => quotesFormat(app.prefix, request.url);
  app.setErrorHandler((error: FastifyError | QuoteApiError, request, reply) => {
    const format = formatOf(request);
    if (error instanceof QuoteApiError) {
      return sendQuoteError(request, reply, format, error.code, error.detail);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refusal = quoteValidationError(error.validation[0], request);
      return sendQuoteError(request, reply, format, refusal.code, refusal.detail);
    }
    // No framework code (FST_…) in the answer.
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return sendQuoteError(request, reply, format, 'InvalidQuery');
    }
    request.log.error({ err: error }, 'quotes request failed');
    return sendQuoteError(request, reply, format, 'InternalError');
  });
  app.setNotFoundHandler((request, reply) => sendQuoteError(request, reply, formatOf(request), 'NotFound'));
  // A read-only API: any other method is a 405 before its body is read (the gateway has judged the key).
  app.addHook('onRequest', (request, reply, done) => {
    if (reply.sent || isReadMethod(request.method)) return done();
    reply.header('allow', READ_ONLY_ALLOW);
    sendQuoteError(request, reply, formatOf(request), 'MethodNotAllowed');
    done();
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const responses = (format: Format, ok: z.ZodType) =>
    format === 'json'
      ? { 200: ok, ...errorResponses }
      : { 200: xmlContent(xmlResponse(ok)), ...xmlErrorResponses };

  const lastRoute = (url: string, format: Format, summary: string) =>
    typed.get(
      url,
      { schema: { tags: TAGS, summary, params: pairsParams, response: responses(format, lastResponse) } },
      (request, reply) => sendPrepared(reply, service.last(request.params.pairs, format)),
    );
  lastRoute('/last/:pairs', 'json', 'Latest quote of each pair (alias of /json/last)');
  typed.get(
    '/json/all',
    {
      schema: {
        tags: TAGS,
        summary: 'Latest quotes of the classic list against the real, keyed by code (AwesomeAPI’s /json/all)',
        response: responses('json', allResponse),
      },
    },
    (_request, reply) => sendPrepared(reply, service.all(undefined)),
  );
  typed.get(
    '/json/all/:pairs',
    {
      schema: {
        tags: TAGS,
        summary: 'Latest quote of each pair, keyed by code (AwesomeAPI’s /json/all/:pairs)',
        params: pairsParams,
        response: responses('json', allResponse),
      },
    },
    (request, reply) => sendPrepared(reply, service.all(request.params.pairs)),
  );

  for (const format of ['json', 'xml'] as const) {
    const upper = format.toUpperCase();
    lastRoute(`/${format}/last/:pairs`, format, `Latest quote of each pair (${upper})`);
    typed.get(
      `/${format}/daily/:pair/:days`,
      {
        schema: {
          tags: TAGS,
          summary: `Daily closes of a pair, newest first (${upper})`,
          params: dailyParams,
          querystring: dailyQuery,
          response: responses(format, dailyResponse),
        },
      },
      (request, reply) =>
        sendPrepared(
          reply,
          service.daily(request.params.pair, parseDailyQuery(request.params.days, request.query), format),
        ),
    );
    typed.get(
      `/${format}/daily/:pair`,
      {
        schema: {
          tags: TAGS,
          summary: `Daily closes of a pair in a period (${upper})`,
          params: dailyRangeParams,
          querystring: dailyQuery,
          response: responses(format, dailyResponse),
        },
      },
      (request, reply) =>
        sendPrepared(
          reply,
          service.daily(request.params.pair, parseDailyQuery(undefined, request.query), format),
        ),
    );
    typed.get(
      `/${format}/available`,
      {
        schema: {
          tags: TAGS,
          summary: `Listed pairs and their names (${upper})`,
          response: responses(format, availableResponse),
        },
      },
      (_request, reply) => sendPrepared(reply, service.available(format)),
    );
    typed.get(
      `/${format}/available/uniq`,
      {
        schema: {
          tags: TAGS,
          summary: `Currency codes and their names (${upper})`,
          response: responses(format, uniqResponse),
        },
      },
      (_request, reply) => sendPrepared(reply, service.uniq(format)),
    );
  }
}
