import type { OAuthProvider } from '@cotacep/shared/auth-schemas';

/** Who the provider says signed in. */
export type ProviderIdentity = {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

export type AuthorizeParams = { state: string; nonce: string; codeVerifier: string; redirectUri: string };
export type CallbackParams = { code: string; codeVerifier: string; nonce: string; redirectUri: string };

/** One provider's authorization-code flow with PKCE. */
export type OAuthClient = {
  id: OAuthProvider;
  authorizeUrl(params: AuthorizeParams): string;
  fetchIdentity(params: CallbackParams): Promise<ProviderIdentity>;
};

/** Thrown when the provider refuses or answers something unusable; becomes OAuthFailed. */
export class OAuthProviderError extends Error {
  override name = 'OAuthProviderError';
}

export function splitName(name: string | null | undefined, fallback: string): [string, string] {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return [fallback, ''];
  return [parts[0]!, parts.slice(1).join(' ')];
}
