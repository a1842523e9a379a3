import {
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import { TimeoutStrategy, timeout } from 'cockatiel';
import { OAuthProviderError } from './types.ts';

export type ClientSettings = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
};

// arctic's fetch takes no signal; the aggressive timeout stops waiting all the same.
const providerTimeout = timeout(10_000, TimeoutStrategy.Aggressive);

/**
 * arctic's generic OAuth 2.0 client on the configured endpoints: its provider classes hard-code the real
 * hosts (tests and staging point the endpoints elsewhere) and its GitHub class sends no PKCE challenge.
 */
export function createAuthorizationUrl(
  settings: ClientSettings,
  params: { state: string; codeVerifier: string; redirectUri: string; scopes: string[] },
): URL {
  return new OAuth2Client(
    settings.clientId,
    settings.clientSecret,
    params.redirectUri,
  ).createAuthorizationURLWithPKCE(
    settings.authorizeUrl,
    params.state,
    CodeChallengeMethod.S256,
    params.codeVerifier,
    params.scopes,
  );
}

/** Trades the code and the PKCE verifier for tokens; a refusal or an unusable answer is an OAuthProviderError. */
export async function exchangeCode(
  settings: ClientSettings,
  params: { code: string; codeVerifier: string; redirectUri: string },
): Promise<OAuth2Tokens> {
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, params.redirectUri);
  const tokens = await providerTimeout
    .execute(() => client.validateAuthorizationCode(settings.tokenUrl, params.code, params.codeVerifier))
    .catch((error: unknown) => {
      const isRefusal =
        error instanceof OAuth2RequestError ||
        error instanceof UnexpectedResponseError ||
        error instanceof UnexpectedErrorResponseBodyError;
      throw isRefusal ? new OAuthProviderError(`token endpoint: ${error.message}`, { cause: error }) : error;
    });
  // GitHub reports a bad code with 200 and an `error` field, which the generic client hands back as tokens.
  if ('error' in tokens.data)
    throw new OAuthProviderError(`token endpoint refused the code: ${String(tokens.data.error)}`);
  return tokens;
}

/** Reads one token field; arctic throws a plain Error when it is missing. */
export function tokenField(tokens: OAuth2Tokens, read: (tokens: OAuth2Tokens) => string): string {
  try {
    return read(tokens);
  } catch (error) {
    throw new OAuthProviderError(`token response: ${String(error)}`, { cause: error });
  }
}
