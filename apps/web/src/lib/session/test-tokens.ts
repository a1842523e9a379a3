import { UnsecuredJWT } from 'jose';

/** A JWT whose payload the client can decode; the client never verifies signatures, the server does. */
export function createTestToken(claims: Record<string, unknown>, expiresInSeconds = 900): string {
  return new UnsecuredJWT(claims)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .encode();
}
