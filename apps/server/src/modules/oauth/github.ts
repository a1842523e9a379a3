import { type ClientSettings, createAuthorizationUrl, exchangeCode, tokenField } from './token-exchange.ts';
import { type OAuthClient, OAuthProviderError, splitName } from './types.ts';

export type GithubSettings = ClientSettings & { apiUrl: string };

type GithubUser = { id: number; login: string; name: string | null };
type GithubEmail = { email: string; primary: boolean; verified: boolean };

const SCOPES = ['read:user', 'user:email'];

async function readJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new OAuthProviderError(`GitHub ${what} answered ${response.status}`);
  return (await response.json()) as T;
}

/** GitHub OAuth app: authorization code with PKCE (S256); the e-mail comes from the verified primary address. */
export function createGithubClient(settings: GithubSettings): OAuthClient {
  const api = settings.apiUrl.replace(/\/$/, '');
  return {
    id: 'github',
    authorizeUrl: ({ state, codeVerifier, redirectUri }) =>
      createAuthorizationUrl(settings, { state, codeVerifier, redirectUri, scopes: SCOPES }).toString(),
    async fetchIdentity(params) {
      const tokens = await exchangeCode(settings, params);
      const headers = {
        authorization: `Bearer ${tokenField(tokens, (t) => t.accessToken())}`,
        accept: 'application/vnd.github+json',
        'user-agent': 'cotacep',
      };
      const get = (path: string) => fetch(`${api}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
      const [user, emails] = await Promise.all([
        get('/user').then((r) => readJson<GithubUser>(r, 'user')),
        get('/user/emails').then((r) => readJson<GithubEmail[]>(r, 'user emails')),
      ]);
      if (typeof user.id !== 'number') throw new OAuthProviderError('GitHub user without id');
      const primary = emails.find((entry) => entry.primary && entry.verified);
      const [firstName, lastName] = splitName(user.name, user.login);
      return {
        providerUserId: String(user.id),
        email: primary?.email.toLowerCase() ?? null,
        emailVerified: Boolean(primary),
        firstName,
        lastName,
      };
    },
  };
}
