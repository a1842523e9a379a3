import type { AccessTokenClaims } from '@cotacep/shared/auth-responses';
import { createLocalJWKSet, type JWK, jwtVerify, SignJWT } from 'jose';
import type { User } from '#server/db/schema/users.ts';
import { AppError } from '#server/lib/app-error.ts';
import { randomToken } from '#server/lib/secrets.ts';
import type { KeyRing } from './signing-key.ts';

export type TokenSettings = { issuer: string; audience: string; accessTtlSeconds: number };

/** What the access and id tokens say about the user: what the SPA shows from the decoded token. */
function userClaims(user: User) {
  return {
    email: user.email,
    given_name: user.firstName,
    family_name: user.lastName,
    locale: user.locale,
    language: user.language,
  };
}

export type TokenService = {
  jwks: { keys: JWK[] };
  expiresIn: number;
  issue(user: User, sessionId: string): Promise<{ accessToken: string; idToken: string; expiresIn: number }>;
  /**
   * "View as customer" (issue 26): an access token for `user` naming the impersonation (`imp`, and `sid`), valid
   * until `expiresAt`; the auth guard accepts it only while the impersonation is live, and only for reads.
   */
  issueViewAs(user: User, impersonationId: string, expiresAt: Date): Promise<string>;
  /** Verifies algorithm, signature, expiry, audience, issuer and type; throws Unauthorized otherwise. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
};

export function createTokenService(keys: KeyRing, settings: TokenSettings): TokenService {
  const { active } = keys;
  const keySet = createLocalJWKSet({ keys: keys.publicKeys });
  const algorithms = [...new Set(keys.publicKeys.map((key) => key.alg ?? active.alg))];

  const sign = (claims: Record<string, unknown>, user: User, typ: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: active.alg, kid: active.kid, typ })
      .setSubject(user.id)
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .setIssuedAt()
      .setExpirationTime(`${settings.accessTtlSeconds}s`)
      .setJti(randomToken(16))
      .sign(active.privateKey);

  return {
    jwks: { keys: keys.publicKeys },
    expiresIn: settings.accessTtlSeconds,
    async issue(user, sessionId) {
      const [accessToken, idToken] = await Promise.all([
        sign({ ...userClaims(user), token_use: 'access', sid: sessionId }, user, 'at+jwt'),
        sign({ ...userClaims(user), email_verified: true, token_use: 'id' }, user, 'JWT'),
      ]);
      return { accessToken, idToken, expiresIn: settings.accessTtlSeconds };
    },
    issueViewAs(user, impersonationId, expiresAt) {
      return new SignJWT({
        ...userClaims(user),
        token_use: 'access',
        sid: impersonationId,
        imp: impersonationId,
      })
        .setProtectedHeader({ alg: active.alg, kid: active.kid, typ: 'at+jwt' })
        .setSubject(user.id)
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setJti(randomToken(16))
        .sign(active.privateKey);
    },
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, keySet, {
          algorithms,
          issuer: settings.issuer,
          audience: settings.audience,
          typ: 'at+jwt',
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        });
        if (payload.token_use !== 'access' || typeof payload.sid !== 'string')
          throw new Error('not an access token');
        return payload as unknown as AccessTokenClaims;
      } catch {
        throw new AppError('Unauthorized');
      }
    },
  };
}
