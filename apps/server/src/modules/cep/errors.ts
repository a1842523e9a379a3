import type { CepErrorCode } from '@cotacep/shared/cep';

/**
 * Thrown inside the CEP plugin; its error handler sends the catalogue's body (`lib/public-errors.ts`),
 * the familiar API's own `{ status, code, message }`.
 */
export class CepLookupError extends Error {
  override name = 'CepLookupError';

  constructor(readonly code: CepErrorCode) {
    super(code);
  }
}
