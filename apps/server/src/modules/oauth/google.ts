import { createRemoteJWKSet, jwtVerify } from 'jose';
import { type OAuthClient, OAuthProviderError, splitName } from './types.ts';

export type GoogleSettings = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuer: string;
};

/** Google OpenID Connect: code with PKCE, then the id token verified against Google's keys and the nonce. */
export function createGoogleClient(settings: GoogleSettings): OAuthClient {
  const keys = createRemoteJWKSet(new URL(settings.jwksUrl));
  // Google writes `iss` with or without the scheme.
  const issuers = [settings.issuer, settings.issuer.replace(/^https:\/\//, '')];
  return {
    id: 'google',
    authorizeUrl({ state, nonce, codeChallenge, redirectUri }) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return url.toString();
    },
    async fetchIdentity({ code, codeVerifier, nonce, redirectUri }) {
      const response = await fetch(settings.tokenUrl, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uri: redirectUri,
          grant_type: 'authorization_code',
          code_verifier: codeVerifier,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const token = (await response.json().catch(() => ({}))) as { id_token?: string; error?: string };
      if (!response.ok || !token.id_token) {
        throw new OAuthProviderError(`Google token endpoint: ${response.status} ${token.error ?? ''}`);
      }
      const { payload } = await jwtVerify(token.id_token, keys, {
        issuer: issuers,
        audience: settings.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      }).catch((error: unknown) => {
        throw new OAuthProviderError(`Google id token refused: ${String(error)}`);
      });
      if (payload.nonce !== nonce) throw new OAuthProviderError('Google id token nonce does not match');
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
