import { createRemoteJWKSet, jwtVerify } from 'jose';
import { type ClientSettings, createAuthorizationUrl, exchangeCode, tokenField } from './token-exchange.ts';
import { type OAuthClient, OAuthProviderError, splitName } from './types.ts';

export type GoogleSettings = ClientSettings & { jwksUrl: string; issuer: string };

const SCOPES = ['openid', 'email', 'profile'];

/**
 * Google OpenID Connect: code with PKCE, then the id token verified against Google's keys and the nonce
 * (jose verifies the signature; arctic's decodeIdToken only decodes).
 */
export function createGoogleClient(settings: GoogleSettings): OAuthClient {
  const keys = createRemoteJWKSet(new URL(settings.jwksUrl));
  // Google writes `iss` with or without the scheme.
  const issuers = [settings.issuer, settings.issuer.replace(/^https:\/\//, '')];
  return {
    id: 'google',
    authorizeUrl({ state, nonce, codeVerifier, redirectUri }) {
      const url = createAuthorizationUrl(settings, { state, codeVerifier, redirectUri, scopes: SCOPES });
      url.searchParams.set('nonce', nonce);
      url.searchParams.set('prompt', 'select_account');
      return url.toString();
    },
    async fetchIdentity(params) {
      const idToken = tokenField(await exchangeCode(settings, params), (tokens) => tokens.idToken());
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: issuers,
        audience: settings.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      }).catch((error: unknown) => {
        throw new OAuthProviderError(`Google id token refused: ${String(error)}`);
      });
      if (payload.nonce !== params.nonce)
        throw new OAuthProviderError('Google id token nonce does not match');
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
      const [fallbackFirst, fallbackLast] = splitName(payload.name as string | undefined, email ?? 'Google');
      return {
        providerUserId: String(payload.sub),
        email,
        emailVerified: payload.email_verified === true,
        firstName: typeof payload.given_name === 'string' ? payload.given_name : fallbackFirst,
        lastName: typeof payload.family_name === 'string' ? payload.family_name : fallbackLast,
      };
    },
  };
}
