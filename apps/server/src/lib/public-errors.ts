import type { CepErrorCode } from '@cotacep/shared/cep';
import type { Language } from '@cotacep/shared/languages';
import { MAX_DAYS, MAX_PAIRS } from '@cotacep/shared/quotes';

/**
 * The one catalogue of the public APIs' errors, all in the body `{ status, code, message }`, one section
 * per API. The quotes and CEP texts keep the familiar APIs' unaccented pt-BR byte for byte (clients compare
 * them); texts no familiar API has (the 405s, the gateway's refusals) are accented. `detail` is echoed input (sanitized), a number of seconds or a date.
 */
type Entry = {
  status: number;
  /** The public code when it differs from the entry's name. */
  code?: string;
  /** A field of the body that repeats the detail (the gateway's `resetsAt`). */
  detailField?: string;
  'pt-BR': (detail: string) => string;
  en: (detail: string) => string;
};

const QUOTES = {
  CoinNotExists: {
    status: 404,
    'pt-BR': (detail) => `moeda nao encontrada ${detail}`,
    en: (detail) => `currency not found ${detail}`,
  },
  InvalidPair: {
    status: 400,
    'pt-BR': (detail) => `par de moedas invalido ${detail}: use o formato MOEDA-MOEDA, como USD-BRL`,
    en: (detail) => `invalid currency pair ${detail}: use the form CODE-CODE, such as USD-BRL`,
  },
  TooManyPairs: {
    status: 400,
    'pt-BR': () => `no maximo ${MAX_PAIRS} pares de moedas por consulta`,
    en: () => `at most ${MAX_PAIRS} currency pairs per request`,
  },
  InvalidDays: {
    status: 400,
    'pt-BR': (detail) => `numero de dias invalido ${detail}: use um inteiro de 1 a ${MAX_DAYS}`,
    en: (detail) => `invalid number of days ${detail}: use a whole number from 1 to ${MAX_DAYS}`,
  },
  InvalidDate: {
    status: 400,
    'pt-BR': (detail) => `data invalida ${detail}: use AAAAMMDD, como 20240131`,
    en: (detail) => `invalid date ${detail}: use YYYYMMDD, such as 20240131`,
  },
  InvalidDateRange: {
    status: 400,
    'pt-BR': () => `periodo invalido: start_date deve vir antes de end_date, com no maximo ${MAX_DAYS} dias`,
    en: () => `invalid period: start_date must not be after end_date, and span at most ${MAX_DAYS} days`,
  },
  InvalidQuery: {
    status: 400,
    'pt-BR': (detail) => `parametro invalido ${detail}`,
    en: (detail) => `invalid parameter ${detail}`,
  },
  MalformedPath: {
    status: 400,
    'pt-BR': () => 'endereco da requisicao malformado: codificacao percentual invalida',
    en: () => 'malformed request path: invalid percent-encoding',
  },
  PathTooLong: {
    status: 400,
    'pt-BR': () => 'endereco da requisicao longo demais',
    en: () => 'request path too long',
  },
  NotFound: { status: 404, 'pt-BR': () => 'endpoint nao encontrado', en: () => 'endpoint not found' },
  MethodNotAllowed: {
    status: 405,
    'pt-BR': () => 'método não permitido: use GET',
    en: () => 'method not allowed: use GET',
  },
  InternalError: {
    status: 500,
    'pt-BR': () => 'erro interno, tente novamente',
    en: () => 'internal error, please try again',
  },
} satisfies Record<string, Entry>;

const CEP = {
  invalid: { status: 400, 'pt-BR': () => 'CEP invalido', en: () => 'Invalid CEP' },
  not_found: { status: 404, 'pt-BR': () => 'CEP nao encontrado', en: () => 'CEP not found' },
  method_not_allowed: {
    status: 405,
    'pt-BR': () => 'Método não permitido: use GET',
    en: () => 'Method not allowed: use GET',
  },
  unavailable: {
    status: 503,
    'pt-BR': () => 'Servico de CEP temporariamente indisponivel, tente novamente',
    en: () => 'CEP service temporarily unavailable, please try again',
  },
  internal: { status: 500, 'pt-BR': () => 'Erro interno', en: () => 'Internal error' },
} satisfies Record<CepErrorCode, Entry>;

const GATEWAY = {
  missing_token: {
    status: 401,
    'pt-BR': () => 'token ausente: envie seu token no parâmetro token ou no cabeçalho x-api-key',
    en: () => 'missing token: send your token in the token parameter or the x-api-key header',
  },
  invalid_token: { status: 401, 'pt-BR': () => 'token inválido', en: () => 'invalid token' },
  expired_token: {
    status: 401,
    'pt-BR': () => 'token expirado: este token foi renovado e o período de carência terminou',
    en: () => 'expired token: this token was rotated and its grace period is over',
  },
  disabled_token: { status: 403, 'pt-BR': () => 'token desativado', en: () => 'this token is disabled' },
  // Issue 26: staff suspended the organization, or its only person is closing their account.
  organization_suspended: {
    status: 403,
    'pt-BR': () => 'organização suspensa: fale com o suporte',
    en: () => 'organization suspended: contact support',
  },
  organization_keys_stopped: {
    status: 403,
    'pt-BR': () => 'tokens parados: a conta desta organização está sendo encerrada',
    en: () => 'tokens stopped: this organization’s account is being closed',
  },
  origin_not_allowed: {
    status: 403,
    'pt-BR': () => 'origem não permitida para este token',
    en: () => 'origin not allowed for this token',
  },
  ip_not_allowed: {
    status: 403,
    'pt-BR': () => 'IP não permitido para este token',
    en: () => 'IP address not allowed for this token',
  },
  rate_limited: {
    status: 429,
    'pt-BR': (detail) => `limite de requisições por minuto excedido, tente novamente em ${detail} s`,
    en: (detail) => `rate limit exceeded, try again in ${detail} s`,
  },
  anonymous_rate_limited: {
    status: 429,
    code: 'rate_limited',
    'pt-BR': (detail) =>
      `limite de requisições sem token excedido, tente novamente em ${detail} s ou use um token de API`,
    en: (detail) =>
      `rate limit for calls without a token exceeded, try again in ${detail} s or use an API token`,
  },
  invalid_token_limit: {
    status: 429,
    code: 'rate_limited',
    'pt-BR': (detail) => `muitas tentativas com token inválido, tente novamente em ${detail} s`,
    en: (detail) => `too many attempts with invalid tokens, try again in ${detail} s`,
  },
  quota_exceeded: {
    status: 429,
    detailField: 'resetsAt',
    'pt-BR': (detail) => `cota mensal do plano esgotada, renova em ${detail}`,
    en: (detail) => `monthly plan quota exceeded, it renews on ${detail}`,
  },
  unavailable: {
    status: 503,
    'pt-BR': () => 'serviço temporariamente indisponível, tente novamente',
    en: () => 'service temporarily unavailable, please try again',
  },
} satisfies Record<string, Entry>;

const PUBLIC_ERRORS = { quotes: QUOTES, cep: CEP, gateway: GATEWAY } as const;

export type PublicApi = keyof typeof PUBLIC_ERRORS;
export type PublicErrorCode<Api extends PublicApi> = keyof (typeof PUBLIC_ERRORS)[Api] & string;
export type QuoteErrorCode = PublicErrorCode<'quotes'>;
export type GatewayErrorCode = PublicErrorCode<'gateway'>;

/** `resetsAt` only with the gateway's `quota_exceeded`: when the quota renews. */
export type PublicErrorBody = { status: number; code: string; message: string; resetsAt?: string };

/** User input echoed back: printable characters only, and not much of it. */
function sanitize(detail: string): string {
  const printable = detail.replace(/[^\x20-\x7E\u00C0-\u017F]/g, '?');
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}

export function publicErrorBody<Api extends PublicApi>(
  api: Api,
  code: PublicErrorCode<Api>,
  language: Language,
  detail = '',
): PublicErrorBody {
  const entry = (PUBLIC_ERRORS[api] as Record<string, Entry>)[code] as Entry;
  const body = {
    status: entry.status,
    code: entry.code ?? code,
    message: entry[language](sanitize(detail)).trimEnd(),
  };
  return entry.detailField ? { ...body, [entry.detailField]: detail } : body;
}
