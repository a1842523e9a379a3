import { type OAuthClient, OAuthProviderError, splitName } from './types.ts';

export type GithubSettings = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
};

type GithubUser = { id: number; login: string; name: string | null };
type GithubEmail = { email: string; primary: boolean; verified: boolean };

async function readJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new OAuthProviderError(`GitHub ${what} answered ${response.status}`);
  return (await response.json()) as T;
}

/** GitHub OAuth app: authorization code with PKCE (S256); the e-mail comes from the verified primary address. */
export function createGithubClient(settings: GithubSettings): OAuthClient {
  const api = settings.apiUrl.replace(/\/$/, '');
  return {
    id: 'github',
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async fetchIdentity({ code, codeVerifier, redirectUri }) {
      const token = await readJson<{ access_token?: string; error?: string }>(
        await fetch(settings.tokenUrl, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
            code,
            redirect_uri: redirectUri,
            code_verifier: codeVerifier,
          }),
          signal: AbortSignal.timeout(10_000),
        }),
        'token endpoint',
      );
      // GitHub reports a bad code with 200 and an `error` field.
      if (!token.access_token)
        throw new OAuthProviderError(`GitHub refused the code: ${token.error ?? 'no token'}`);
      const headers = {
        authorization: `Bearer ${token.access_token}`,
        accept: 'application/vnd.github+json',
        'user-agent': 'cotacep',
      };
      const [user, emails] = await Promise.all([
        fetch(`${api}/user`, { headers, signal: AbortSignal.timeout(10_000) }).then((r) =>
          readJson<GithubUser>(r, 'user'),
        ),
        fetch(`${api}/user/emails`, { headers, signal: AbortSignal.timeout(10_000) }).then((r) =>
          readJson<GithubEmail[]>(r, 'user emails'),
        ),
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
