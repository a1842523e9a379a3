import type { FastifyRequest } from 'fastify';
import { parsePair, parsePairList } from './pairs.ts';
import { QuoteApiError } from './public-errors.ts';

/** What fastify-type-provider-zod reports of a Zod issue: where, and the issue's code. */
type Issue = { instancePath: string; keyword: string };

/** The parser's own refusal of a value the route schema refused, so the answer names the cause. */
function refusalOf(parse: () => unknown, fallback: QuoteApiError): QuoteApiError {
  try {
    parse();
  } catch (error) {
    if (error instanceof QuoteApiError) return error;
    throw error;
  }
  return fallback;
}

/**
 * The quotes API's error for input its route schema refused. The schemas carry the patterns and bounds
 * (and so the OpenAPI document); the answer keeps AwesomeAPI's specific codes (`InvalidPair`,
 * `TooManyPairs`, `InvalidDays`, `InvalidDate`), and `InvalidQuery` naming the field for the rest.
 */
export function quoteValidationError(issue: Issue | undefined, request: FastifyRequest): QuoteApiError {
  const field = issue?.instancePath.split('/').filter(Boolean).join('.') ?? '';
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const value = field in params ? params[field] : query[field];
  if (typeof value !== 'string') return new QuoteApiError('InvalidQuery', field);
  switch (field) {
    case 'pairs':
      return refusalOf(() => parsePairList(value), new QuoteApiError('InvalidPair', value));
    case 'pair':
      return refusalOf(() => parsePair(value), new QuoteApiError('InvalidPair', value));
    case 'days':
      return new QuoteApiError('InvalidDays', value);
    case 'start_date':
    case 'end_date':
      // Longer than any date could be: a bad parameter rather than a bad date.
      return issue?.keyword === 'invalid_format'
        ? new QuoteApiError('InvalidDate', value)
        : new QuoteApiError('InvalidQuery', field);
    default:
      return new QuoteApiError('InvalidQuery', field);
  }
}
