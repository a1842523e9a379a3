import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** The OAuth app the e2e server is configured with (playwright.config.ts); the stand-in accepts only it. */
export const GITHUB_CLIENT = { id: 'Iv1.e2e0cotacep0001', secret: 'e2e-github-client-secret' };

/** Who is signed in at GitHub in the browser that reaches the authorization page. */
export type GithubPerson = { id: number; login: string; name: string; email: string };

const DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

// GitHub's answers, recorded from its documentation and real responses, with this person's fields.
const userBody = (person: GithubPerson) => ({
  login: person.login,
  id: person.id,
  node_id: `MDQ6VXNlcj${person.id}`,
  avatar_url: `https://avatars.githubusercontent.com/u/${person.id}?v=4`,
  gravatar_id: '',
  url: `https://api.github.com/users/${person.login}`,
  html_url: `https://github.com/${person.login}`,
  type: 'User',
  site_admin: false,
  name: person.name,
  company: null,
  blog: '',
  location: null,
  email: null,
  hireable: null,
  bio: null,
  twitter_username: null,
  public_repos: 2,
  public_gists: 0,
  followers: 0,
  following: 0,
  created_at: '2019-03-14T18:09:24Z',
  updated_at: '2025-10-02T11:41:07Z',
});
const emailsBody = (person: GithubPerson) => [
  { email: person.email, primary: true, verified: true, visibility: 'private' },
  {
    email: `${person.id}+${person.login}@users.noreply.github.com`,
    primary: false,
    verified: true,
    visibility: null,
  },
];

type Grant = { person: GithubPerson; challenge: string; redirectUri: string; expiresAt: number };

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The client id and secret, as HTTP Basic (what arctic sends) or in the form: GitHub takes either. */
function clientOf(request: IncomingMessage, form: URLSearchParams): string {
  const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8');
  return `${form.get('client_id')}:${form.get('client_secret')}`;
}

/**
 * GitHub's OAuth web flow on loopback: the authorization page (the signed-in person approves at once and the
 * browser goes back to `redirect_uri` with a code), the token endpoint (PKCE S256 checked, one use per code,
 * ten minutes, errors as 200 with `error` as GitHub answers them), and the REST API's /user and /user/emails.
 */
export async function startGithubStandIn(port: number, callbackUrl: string) {
  let signedIn: GithubPerson | null = null;
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, GithubPerson>();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const query = url.searchParams;
      if (query.get('client_id') !== GITHUB_CLIENT.id) return send(response, 404, { message: 'Not Found' });
      const back = new URL(callbackUrl);
      back.searchParams.set('state', query.get('state') ?? '');
      if (query.get('redirect_uri') !== callbackUrl) {
        back.searchParams.set('error', 'redirect_uri_mismatch');
        back.searchParams.set(
          'error_description',
          'The redirect_uri MUST match the registered callback URL for this application.',
        );
      } else if (!signedIn || query.get('code_challenge_method') !== 'S256') {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(10).toString('hex');
        grants.set(code, {
          person: signedIn,
          challenge: query.get('code_challenge') ?? '',
          redirectUri: callbackUrl,
          expiresAt: Date.now() + 10 * 60_000,
        });
        back.searchParams.set('code', code);
      }
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = await readForm(request);
      if (clientOf(request, form) !== `${GITHUB_CLIENT.id}:${GITHUB_CLIENT.secret}`) {
        return send(response, 200, {
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
          error_uri: `${DOCS}#incorrect-client-credentials`,
        });
      }
      const code = form.get('code') ?? '';
      const grant = grants.get(code);
      grants.delete(code);
      const verifier = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      const redirectUri = form.get('redirect_uri');
      if (
        !grant ||
        grant.expiresAt < Date.now() ||
        grant.challenge !== verifier ||
        (redirectUri !== null && redirectUri !== grant.redirectUri)
      ) {
        return send(response, 200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
          error_uri: `${DOCS}#bad-verification-code`,
        });
      }
      const token = `gho_${randomBytes(18).toString('base64url')}`;
      tokens.set(token, grant.person);
      return send(response, 200, {
        access_token: token,
        token_type: 'bearer',
        scope: 'read:user,user:email',
      });
    }
    const token = /^(?:Bearer|token) (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const person = tokens.get(token);
    if (!person) {
      return send(response, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    }
    if (request.method === 'GET' && url.pathname === '/user') return send(response, 200, userBody(person));
    if (request.method === 'GET' && url.pathname === '/user/emails')
      return send(response, 200, emailsBody(person));
    send(response, 404, {
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
      status: '404',
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    /** Signs this person in at GitHub: the next authorization approves as them. */
    signIn(person: GithubPerson) {
      signedIn = person;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type GithubStandIn = Awaited<ReturnType<typeof startGithubStandIn>>;
