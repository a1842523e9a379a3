import type { OAuthProvider } from '@cotacep/shared/auth-schemas';
import type { Config } from '../../config.ts';
import { createGithubClient } from './github.ts';
import { createGoogleClient } from './google.ts';
import type { OAuthClient } from './types.ts';

export type OAuthClients = Partial<Record<OAuthProvider, OAuthClient>>;

/** Only providers with a client id and secret exist; the SPA shows buttons for those alone. */
export function createOAuthClients(config: Config): OAuthClients {
  const clients: OAuthClients = {};
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    clients.github = createGithubClient({
      clientId: config.GITHUB_CLIENT_ID,
      clientSecret: config.GITHUB_CLIENT_SECRET,
      authorizeUrl: config.GITHUB_AUTHORIZE_URL,
      tokenUrl: config.GITHUB_TOKEN_URL,
      apiUrl: config.GITHUB_API_URL,
    });
  }
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    clients.google = createGoogleClient({
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      authorizeUrl: config.GOOGLE_AUTHORIZE_URL,
      tokenUrl: config.GOOGLE_TOKEN_URL,
      jwksUrl: config.GOOGLE_JWKS_URL,
      issuer: config.GOOGLE_ISSUER,
    });
  }
  return clients;
}
