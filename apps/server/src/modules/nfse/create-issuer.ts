import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createFocusIssuer } from './focus-issuer.ts';
import type { NfseIssuer } from './issuer.ts';
import { createTestIssuer } from './test-issuer.ts';

/** The configured issuer (NFSE_ISSUER): the embedded test one, or Focus NFe at NFSE_BASE_URL. */
export function createConfiguredIssuer(config: Config, db: Db, now: () => Date): NfseIssuer {
  if (config.NFSE_ISSUER === 'focus')
    // loadConfig refuses NFSE_ISSUER=focus without a token.
    return createFocusIssuer({ baseUrl: config.NFSE_BASE_URL, token: config.NFSE_API_TOKEN ?? '' });
  return createTestIssuer({ db, now });
}
