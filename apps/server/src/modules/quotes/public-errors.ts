import type { Language } from '@cotacep/shared/languages';
import { MAX_DAYS, MAX_PAIRS } from './limits.ts';

/**
 * The quotes API answers errors in AwesomeAPI's body, `{ status, code, message }`. The pt-BR texts
 * follow its style (no accents: "moeda nao encontrada XYZ-BRL"); `detail` echoes the offending input.
 */
const MESSAGES = {
  CoinNotExists: {
    status: 404,
    'pt-BR': (detail: string) => `moeda nao encontrada ${detail}`,
    en: (detail: string) => `currency not found ${detail}`,
  },
  InvalidPair: {
    status: 400,
    'pt-BR': (detail: string) => `par de moedas invalido ${detail}: use o formato MOEDA-MOEDA, como USD-BRL`,
    en: (detail: string) => `invalid currency pair ${detail}: use the form CODE-CODE, such as USD-BRL`,
  },
  TooManyPairs: {
    status: 400,
    'pt-BR': () => `no maximo ${MAX_PAIRS} pares de moedas por consulta`,
    en: () => `at most ${MAX_PAIRS} currency pairs per request`,
  },
  InvalidDays: {
    status: 400,
    'pt-BR': (detail: string) => `numero de dias invalido ${detail}: use um inteiro de 1 a ${MAX_DAYS}`,
    en: (detail: string) => `invalid number of days ${detail}: use a whole number from 1 to ${MAX_DAYS}`,
  },
  InvalidDate: {
    status: 400,
    'pt-BR': (detail: string) => `data invalida ${detail}: use AAAAMMDD, como 20240131`,
    en: (detail: string) => `invalid date ${detail}: use YYYYMMDD, such as 20240131`,
  },
  InvalidDateRange: {
    status: 400,
    'pt-BR': () => `periodo invalido: start_date deve vir antes de end_date, com no maximo ${MAX_DAYS} dias`,
    en: () => `invalid period: start_date must not be after end_date, and span at most ${MAX_DAYS} days`,
  },
  InvalidQuery: {
    status: 400,
    'pt-BR': (detail: string) => `parametro invalido ${detail}`,
    en: (detail: string) => `invalid parameter ${detail}`,
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
  NotFound: {
    status: 404,
    'pt-BR': () => 'endpoint nao encontrado',
    en: () => 'endpoint not found',
  },
  MethodNotAllowed: {
    status: 405,
    'pt-BR': () => 'metodo nao permitido: use GET',
    en: () => 'method not allowed: use GET',
  },
  InternalError: {
    status: 500,
    'pt-BR': () => 'erro interno, tente novamente',
    en: () => 'internal error, please try again',
  },
} as const;

export type QuoteErrorCode = keyof typeof MESSAGES;

export type QuoteErrorBody = { status: number; code: QuoteErrorCode; message: string };

/** Thrown inside the quotes plugin; its error handler turns it into the body above. */
export class QuoteApiError extends Error {
  override name = 'QuoteApiError';

  constructor(
    readonly code: QuoteErrorCode,
    readonly detail = '',
  ) {
    super(code);
  }
}

/** User input echoed back: printable characters only, and not much of it. */
function sanitize(detail: string): string {
  const printable = detail.replace(/[^\x20-\x7E\u00C0-\u017F]/g, '?');
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}

export function quoteErrorBody(code: QuoteErrorCode, language: Language, detail = ''): QuoteErrorBody {
  const entry = MESSAGES[code];
  return { status: entry.status, code, message: entry[language](sanitize(detail)).trimEnd() };
}
