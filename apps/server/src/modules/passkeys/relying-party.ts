import { COSEALG } from '@simplewebauthn/server/helpers';
import type { Config } from '../../config.ts';

export type RelyingParty = { id: string; origin: string; name: string };

/**
 * The site passkeys belong to, from PUBLIC_URL: its host name is the RP id the authenticator binds each
 * credential to, its origin the only one a browser's answer may come from (another site's page cannot use
 * them, which is what makes passkeys resist phishing).
 */
export function relyingParty(config: Config): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: config.APP_NAME };
}

/**
 * The key algorithms a passkey may use: EdDSA, ES256 and RS256, which every authenticator offers. Named here
 * because the library's default probes for ML-DSA, experimental in Node 24, and the probe prints a warning.
 */
export const SUPPORTED_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
