import type { Language } from '@cotacep/shared/languages';

/**
 * The gateway's answers in the public APIs' own body, `{ status, code, message }`; pt-BR texts with their
 * accents (the quotes and CEP APIs' own messages keep the familiar API's unaccented bodies byte for byte). `detail` is a number of seconds or a date.
 */
const MESSAGES = {
  missing_token: {
    status: 401,
    'pt-BR': () => 'token ausente: envie sua chave no parâmetro token ou no cabeçalho x-api-key',
    en: () => 'missing token: send your key in the token parameter or the x-api-key header',
  },
  invalid_token: {
    status: 401,
    'pt-BR': () => 'token inválido',
    en: () => 'invalid token',
  },
  expired_token: {
    status: 401,
    'pt-BR': () => 'token expirado: esta chave foi substituída e o período de carência terminou',
    en: () => 'expired token: this key was rotated and its grace period is over',
  },
  disabled_token: {
    status: 403,
    'pt-BR': () => 'token desativado',
    en: () => 'this token is disabled',
  },
  origin_not_allowed: {
    status: 403,
    'pt-BR': () => 'origem não permitida para esta chave',
    en: () => 'origin not allowed for this key',
  },
  ip_not_allowed: {
    status: 403,
    'pt-BR': () => 'IP não permitido para esta chave',
    en: () => 'IP address not allowed for this key',
  },
  rate_limited: {
    status: 429,
    'pt-BR': (detail: string) => `limite de requisições por minuto excedido, tente novamente em ${detail} s`,
    en: (detail: string) => `rate limit exceeded, try again in ${detail} s`,
  },
  anonymous_rate_limited: {
    status: 429,
    code: 'rate_limited',
    'pt-BR': (detail: string) =>
      `limite de requisições sem chave excedido, tente novamente em ${detail} s ou use uma chave de API`,
    en: (detail: string) =>
      `rate limit for calls without a key exceeded, try again in ${detail} s or use an API key`,
  },
  invalid_token_limit: {
    status: 429,
    code: 'rate_limited',
    'pt-BR': (detail: string) => `muitas tentativas com token inválido, tente novamente em ${detail} s`,
    en: (detail: string) => `too many attempts with invalid tokens, try again in ${detail} s`,
  },
  quota_exceeded: {
    status: 429,
    'pt-BR': (detail: string) => `cota mensal do plano esgotada, renova em ${detail}`,
    en: (detail: string) => `monthly plan quota exceeded, it renews on ${detail}`,
  },
  unavailable: {
    status: 503,
    'pt-BR': () => 'serviço temporariamente indisponível, tente novamente',
    en: () => 'service temporarily unavailable, please try again',
  },
} as const;

export type GatewayErrorCode = keyof typeof MESSAGES;

/** `resetsAt` only with `quota_exceeded`: when the quota renews (its detail). */
export type GatewayErrorBody = { status: number; code: string; message: string; resetsAt?: string };

export function gatewayErrorBody(code: GatewayErrorCode, language: Language, detail = ''): GatewayErrorBody {
  const entry = MESSAGES[code];
  const publicCode = 'code' in entry ? entry.code : code;
  const body = { status: entry.status, code: publicCode, message: entry[language](detail) };
  return code === 'quota_exceeded' ? { ...body, resetsAt: detail } : body;
}
