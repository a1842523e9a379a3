import { decodeJwt } from 'jose';

/**
 * Judges expiry from the token's own `exp` claim (spec §4). A token that cannot be decoded counts as
 * expired, so it is refreshed rather than sent; one without `exp` never expires on the client.
 */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 <= now;
  } catch {
    return true;
  }
}
