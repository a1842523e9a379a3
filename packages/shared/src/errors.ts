import type { Language } from './languages.ts';

/**
 * Every error the server answers with: a machine code, an HTTP status and the message in each language.
 * The body is `{ code, message, requestId }` (validation: `code: "ZodError"` and a list of messages),
 * which is what the spec's client error normaliser reads (§8).
 */
export const ERRORS = {
  ZodError: { status: 400, en: 'Invalid request', 'pt-BR': 'Requisição inválida' },
  BadRequest: { status: 400, en: 'Invalid request', 'pt-BR': 'Requisição inválida' },
  Unauthorized: { status: 401, en: 'Authentication required', 'pt-BR': 'Autenticação necessária' },
  Forbidden: { status: 403, en: 'Access denied', 'pt-BR': 'Acesso negado' },
  XsrfTokenInvalid: {
    status: 403,
    en: 'Your session form token is missing or invalid. Reload the page and try again.',
    'pt-BR':
      'O token de proteção do formulário está ausente ou é inválido. Recarregue a página e tente novamente.',
  },
  NotFound: { status: 404, en: 'Not found', 'pt-BR': 'Não encontrado' },
  MethodNotAllowed: { status: 405, en: 'Method not allowed', 'pt-BR': 'Método não permitido' },
  PayloadTooLarge: {
    status: 413,
    en: 'Request body too large',
    'pt-BR': 'Corpo da requisição grande demais',
  },
  UnsupportedMediaType: {
    status: 415,
    en: 'Unsupported content type',
    'pt-BR': 'Tipo de conteúdo não suportado',
  },
  TooManyRequests: {
    status: 429,
    en: 'Attempt limit exceeded, please try after some time.',
    'pt-BR': 'Limite de tentativas excedido, tente novamente mais tarde.',
  },
  InternalError: { status: 500, en: 'Something went wrong', 'pt-BR': 'Algo deu errado' },
  ServiceUnavailable: {
    status: 503,
    en: 'Service temporarily unavailable',
    'pt-BR': 'Serviço temporariamente indisponível',
  },
} as const satisfies Record<string, { status: number } & Record<Language, string>>;

export type ErrorCode = keyof typeof ERRORS;

export type ValidationIssue = { message: string; path: (string | number)[] };

export type ErrorBody =
  | { code: 'ZodError'; message: ValidationIssue[]; requestId?: string }
  | { code: string; message: string; requestId?: string; [extra: string]: unknown };
