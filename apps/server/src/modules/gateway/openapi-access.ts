import type { Language } from '@cotacep/shared/languages';
import { ANONYMOUS_CACHE_SECONDS } from '@cotacep/shared/plans';
import { type GatewayErrorCode, publicErrorBody } from '../../lib/public-errors.ts';
import { type PublicFormat, publicErrorText } from '../../lib/send-public-error.ts';

/**
 * What the OpenAPI documents say about the gateway in front of every public API operation: how to send
 * a key, what calls without one may do, and the gateway's own answers (401, 403, 429, 503) with their
 * headers. Texts are in English like the operations' own (the pt-BR document translates them, decision
 * 032); the examples are the gateway's real bodies in the document's language, in JSON or, on an XML route,
 * in XML. The API's description gets the same in the document's language.
 */

export const GATEWAY_SECURITY_SCHEMES = {
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'Your API token (`ck_pub_…` or `ck_priv_…`), created in the portal under Account → Tokens.',
  },
  apiKeyQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The same token in the `token` parameter; the `x-api-key` header wins when both are sent.',
  },
} as const;

/** A token in the header or the query, or none (`{}`: the call is anonymous, within the per-IP limit). */
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
  'X-Quota-Limit': integerHeader('Requests per month in the plan (calls with a token).'),
  'X-Quota-Remaining': integerHeader('Requests left this month (calls with a token).'),
  'X-Quota-Reset': {
    description: 'When the quota renews: 00:00 UTC on the 1st (calls with a token).',
    schema: { type: 'string', format: 'date-time' },
  },
};

const RATE_HEADERS = {
  'Retry-After': integerHeader('Seconds until the call may be retried.'),
  'X-RateLimit-Limit': integerHeader('Requests allowed per minute.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in this one-minute window.'),
  'X-RateLimit-Reset': integerHeader('Seconds until the one-minute window starts over.'),
};

const xmlErrorSchema = {
  type: 'string',
  description:
    'The same fields as the JSON body, in XML: `<xml><status>401</status><code>invalid_token</code><message>…</message></xml>`',
};

type Refusal = [GatewayErrorCode, string];

function errorResponse(
  [format, language]: [PublicFormat, Language],
  description: string,
  codes: Refusal[],
  headers = {},
) {
  const examples = Object.fromEntries(
    codes.map(([code, detail]) => {
      const body = publicErrorBody('gateway', code, language, detail);
      return [code, { value: format === 'xml' ? publicErrorText(body, 'xml').text : body }];
    }),
  );
  const media = format === 'xml' ? 'application/xml' : 'application/json';
  const schema = format === 'xml' ? xmlErrorSchema : errorSchema;
  return { description, headers, content: { [media]: { schema, examples } } };
}

const gatewayResponses = (format: [PublicFormat, Language]) => ({
  401: errorResponse(
    format,
    'Missing token (when calls without a token are off), unknown token, or a rotated token past its grace period',
    [
      ['missing_token', ''],
      ['invalid_token', ''],
      ['expired_token', ''],
    ],
  ),
  403: errorResponse(
    format,
    'Disabled token, an origin or IP address the token does not allow, a suspended organization, or one whose account is being closed',
    [
      ['disabled_token', ''],
      ['organization_suspended', ''],
      ['organization_keys_stopped', ''],
      ['origin_not_allowed', ''],
      ['ip_not_allowed', ''],
    ],
  ),
  429: errorResponse(
    format,
    "Per-minute rate limit or the plan's monthly quota exceeded",
    [
      ['rate_limited', '42'],
      ['anonymous_rate_limited', '42'],
      ['quota_exceeded', '2026-12-01T00:00:00.000Z'],
    ],
    RATE_HEADERS,
  ),
  503: errorResponse(format, 'The gateway could not check the token; try again', [['unavailable', '']]),
});

/** The gateway's refusals as each format's routes answer them (JSON or XML), in each language. */
const GATEWAY_RESPONSES = {
  json: { en: gatewayResponses(['json', 'en']), 'pt-BR': gatewayResponses(['json', 'pt-BR']) },
  xml: { en: gatewayResponses(['xml', 'en']), 'pt-BR': gatewayResponses(['xml', 'pt-BR']) },
} satisfies Record<PublicFormat, Record<Language, ReturnType<typeof gatewayResponses>>>;

/** The text added to each public API's description: tokens, anonymous calls, limits. */
export function gatewayAccessDescription(anonymousPerMinute: number, language: Language): string {
  if (language === 'en') {
    const anonymousEn =
      anonymousPerMinute > 0
        ? `Without a token: up to ${anonymousPerMinute} calls a minute per IP, with answers cached for ` +
          `${ANONYMOUS_CACHE_SECONDS} s.`
        : 'Every call needs a token.';
    return (
      '\n\n## Access\n\nSend your token in the `x-api-key` header or in the `token` parameter. ' +
      `${anonymousEn} With a token, your plan's per-minute limit and monthly quota apply; every answer to a ` +
      'call with a token carries `X-Quota-Limit`, `X-Quota-Remaining` and `X-Quota-Reset`, and a 429 refusal ' +
      'carries `Retry-After` and `X-RateLimit-*`. Public tokens (`ck_pub_`) answer only the allowed origins ' +
      '(CORS); private tokens (`ck_priv_`), only the allowed IP addresses and ranges.'
    );
  }
  const anonymous =
    anonymousPerMinute > 0
      ? `Sem token: até ${anonymousPerMinute} chamadas por minuto por IP, com respostas em cache por ` +
        `${ANONYMOUS_CACHE_SECONDS} s.`
      : 'Toda chamada precisa de um token.';
  return (
    '\n\n## Acesso\n\nEnvie seu token no cabeçalho `x-api-key` ou no parâmetro `token`. ' +
    `${anonymous} Com token valem o limite por minuto e a cota mensal do seu plano; toda resposta com ` +
    'token traz `X-Quota-Limit`, `X-Quota-Remaining` e `X-Quota-Reset`, e uma recusa 429 traz ' +
    '`Retry-After` e `X-RateLimit-*`. Tokens públicos (`ck_pub_`) respondem só às origens permitidas ' +
    '(CORS); tokens privados (`ck_priv_`), só aos IPs e faixas permitidos.'
  );
}

type Media = { schema?: unknown; example?: unknown; examples?: Record<string, unknown> };
type Response = {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, Media>;
  [key: string]: unknown;
};
type Operation = { responses?: Record<string, Response>; [key: string]: unknown };

/**
 * A status both the API and the gateway answer (503): the API's schema, which also describes the
 * gateway's body (same fields, `unavailable`), with both examples (`example` and `examples` exclude each other).
 */
function mergeResponse(own: Response | undefined, gateway: Response): Response {
  if (!own) return gateway;
  const content = { ...own.content };
  for (const [type, media] of Object.entries(gateway.content ?? {})) {
    const mine = content[type];
    if (!mine) {
      content[type] = media;
      continue;
    }
    const { example, examples, ...rest } = mine;
    const ownExamples = example === undefined ? examples : { api: { value: example }, ...examples };
    content[type] = { ...rest, examples: { ...ownExamples, ...media.examples } };
  }
  return {
    ...own,
    description: `${own.description ?? ''}; or from the gateway: ${gateway.description ?? ''}`,
    headers: { ...gateway.headers, ...own.headers },
    content,
  };
}

/**
 * One operation behind the gateway: its security, the gateway's answers in the operation's format (a
 * status the operation answers too gets the gateway's examples beside its own), quota headers on success.
 */
export function withGatewayAccess(operation: Operation, format: PublicFormat, language: Language): Operation {
  const responses: Record<string, Response> = { ...operation.responses };
  for (const [status, response] of Object.entries(GATEWAY_RESPONSES[format][language])) {
    responses[status] = mergeResponse(responses[status], response);
  }
  const ok = responses['200'];
  if (ok) responses['200'] = { ...ok, headers: { ...ok.headers, ...QUOTA_HEADERS } };
  return { ...operation, security: SECURITY, responses };
}
