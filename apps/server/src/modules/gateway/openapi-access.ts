import { ANONYMOUS_CACHE_SECONDS } from '@cotacep/shared/plans';
import { type GatewayErrorCode, gatewayErrorBody } from './public-errors.ts';

/**
 * What the OpenAPI documents say about the gateway in front of every public API operation: how to send
 * a key, what calls without one may do, and the gateway's own answers (401, 403, 429, 503) with their
 * headers. Texts are in English like the operations' own; the examples are the gateway's real bodies, in
 * Portuguese as the APIs answer by default. The API's description gets the same in Portuguese.
 */

export const GATEWAY_SECURITY_SCHEMES = {
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'Your API key (`ck_pub_…` or `ck_priv_…`), created in the portal under Account → Tokens.',
  },
  apiKeyQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The same key in the `token` parameter; the `x-api-key` header wins when both are sent.',
  },
} as const;

/** A key in the header or the query, or none (`{}`: the call is anonymous, within the per-IP limit). */
const SECURITY = [{}, { apiKeyHeader: [] }, { apiKeyQuery: [] }];

const errorSchema = {
  type: 'object',
  required: ['status', 'code', 'message'],
  properties: {
    status: { type: 'integer' },
    code: { type: 'string' },
    message: { type: 'string' },
    resetsAt: {
      type: 'string',
      format: 'date-time',
      description: 'Only with `quota_exceeded`: when the quota renews.',
    },
  },
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });

const QUOTA_HEADERS = {
  'X-Quota-Limit': integerHeader('Requests per month in the plan (keyed calls).'),
  'X-Quota-Remaining': integerHeader('Requests left this month (keyed calls).'),
  'X-Quota-Reset': {
    description: 'When the quota renews: 00:00 UTC on the 1st (keyed calls).',
    schema: { type: 'string', format: 'date-time' },
  },
};

const RATE_HEADERS = {
  'Retry-After': integerHeader('Seconds until the call may be retried.'),
  'X-RateLimit-Limit': integerHeader('Requests allowed per minute.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in this one-minute window.'),
  'X-RateLimit-Reset': integerHeader('Seconds until the one-minute window starts over.'),
};

function examples(codes: [GatewayErrorCode, string][]) {
  return Object.fromEntries(
    codes.map(([code, detail]) => [code, { value: gatewayErrorBody(code, 'pt-BR', detail) }]),
  );
}

function errorResponse(description: string, codes: [GatewayErrorCode, string][], headers = {}) {
  return {
    description,
    headers,
    content: { 'application/json': { schema: errorSchema, examples: examples(codes) } },
  };
}

const GATEWAY_RESPONSES = {
  401: errorResponse(
    'Missing key (when calls without a key are off), unknown key, or a rotated key past its grace period',
    [
      ['missing_token', ''],
      ['invalid_token', ''],
      ['expired_token', ''],
    ],
  ),
  403: errorResponse('Disabled key, or an origin or IP address the key does not allow', [
    ['disabled_token', ''],
    ['origin_not_allowed', ''],
    ['ip_not_allowed', ''],
  ]),
  429: errorResponse(
    "Per-minute rate limit or the plan's monthly quota exceeded",
    [
      ['rate_limited', '42'],
      ['anonymous_rate_limited', '42'],
      ['quota_exceeded', '2026-12-01T00:00:00.000Z'],
    ],
    RATE_HEADERS,
  ),
  503: errorResponse('The gateway could not check the key; try again', [['unavailable', '']]),
};

/** The text added to each public API's description: keys, anonymous calls, limits. */
export function gatewayAccessDescription(anonymousPerMinute: number): string {
  const anonymous =
    anonymousPerMinute > 0
      ? `Sem chave: até ${anonymousPerMinute} chamadas por minuto por IP, com respostas em cache por ` +
        `${ANONYMOUS_CACHE_SECONDS} s.`
      : 'Toda chamada precisa de uma chave.';
  return (
    '\n\n## Acesso\n\nEnvie sua chave no cabeçalho `x-api-key` ou no parâmetro `token`. ' +
    `${anonymous} Com chave valem o limite por minuto e a cota mensal do seu plano; toda resposta com ` +
    'chave traz `X-Quota-Limit`, `X-Quota-Remaining` e `X-Quota-Reset`, e uma recusa 429 traz ' +
    '`Retry-After` e `X-RateLimit-*`. Chaves públicas (`ck_pub_`) respondem só às origens permitidas ' +
    '(CORS); chaves privadas (`ck_priv_`), só aos IPs e faixas permitidos.'
  );
}

type Response = { headers?: Record<string, unknown>; [key: string]: unknown };
type Operation = { responses?: Record<string, Response>; [key: string]: unknown };

/** One operation behind the gateway: its security, the gateway's answers, and quota headers on success. */
export function withGatewayAccess(operation: Operation): Operation {
  const responses: Record<string, Response> = { ...operation.responses };
  for (const [status, response] of Object.entries(GATEWAY_RESPONSES)) responses[status] ??= response;
  const ok = responses['200'];
  if (ok) responses['200'] = { ...ok, headers: { ...ok.headers, ...QUOTA_HEADERS } };
  return { ...operation, security: SECURITY, responses };
}
