import type { CepError, CepErrorCode } from '@cotacep/shared/cep';
import type { Language } from '@cotacep/shared/languages';

/**
 * The CEP API's errors keep the familiar API's bodies (`{ status, code, message }`); the pt-BR
 * messages are its exact texts, without accents, which its clients may compare against.
 */
const CEP_ERRORS: Record<CepErrorCode, { status: number } & Record<Language, string>> = {
  invalid: { status: 400, 'pt-BR': 'CEP invalido', en: 'Invalid CEP' },
  not_found: { status: 404, 'pt-BR': 'CEP nao encontrado', en: 'CEP not found' },
  method_not_allowed: {
    status: 405,
    'pt-BR': 'Metodo nao permitido: use GET',
    en: 'Method not allowed: use GET',
  },
  unavailable: {
    status: 503,
    'pt-BR': 'Servico de CEP temporariamente indisponivel, tente novamente',
    en: 'CEP service temporarily unavailable, please try again',
  },
  internal: { status: 500, 'pt-BR': 'Erro interno', en: 'Internal error' },
};

/** Thrown inside the CEP plugin; its own error handler turns it into the body above. */
export class CepLookupError extends Error {
  override name = 'CepLookupError';

  constructor(readonly code: CepErrorCode) {
    super(code);
  }
}

export function cepErrorBody(code: CepErrorCode, language: Language): CepError {
  const error = CEP_ERRORS[code];
  return { status: error.status, code, message: error[language] };
}
