import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { formOf, type StubRequest, startHttpStub } from './http-stub.ts';

/** The client id and secret, sent as HTTP Basic or in the form: both providers accept either. */
function clientCredentials(request: StubRequest): string {
  const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8');
  const form = formOf(request);
  return `${form.client_id}:${form.client_secret}`;
}

/**
 * GitHub and Google played by local HTTP servers speaking their OAuth protocols: GitHub's token endpoint
 * (200 with `error` for a bad code), /user and /user/emails; Google's token endpoint returning an RS256
 * id token and its JWKS. Both check the PKCE verifier against the challenge the browser carried.
 */
export async function startFakeProviders() {
  const challenges = new Map<string, string>();
  const github = {
    user: { id: 4242, login: 'octocat', name: 'Mona Octocat' } as Record<string, unknown>,
    emails: [{ email: 'mona@example.com', primary: true, verified: true, visibility: 'public' }] as object[],
  };
  const pkceMatches = (code: string, verifier: string | undefined) =>
    verifier !== undefined &&
    challenges.get(code) === createHash('sha256').update(verifier).digest('base64url');

  const githubServer = await startHttpStub((request) => {
    if (request.method === 'POST' && request.path === '/login/oauth/access_token') {
      const form = formOf(request);
      if (clientCredentials(request) !== 'gh-client:gh-secret')
        return { json: { error: 'incorrect_client_credentials' } };
      if (!pkceMatches(form.code ?? '', form.code_verifier))
        return { json: { error: 'bad_verification_code' } };
      return { json: { access_token: 'gho_token', token_type: 'bearer', scope: 'read:user,user:email' } };
    }
    if (request.headers.authorization !== 'Bearer gho_token')
      return { status: 401, json: { message: 'Bad credentials' } };
    if (request.path === '/user') return { json: github.user };
    if (request.path === '/user/emails') return { json: github.emails };
    return { status: 404, json: { message: 'Not Found' } };
  });

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'google-test-key', alg: 'RS256', use: 'sig' };
  const google = {
    claims: {
      sub: '1098765',
      email: 'ana.google@example.com',
      email_verified: true,
      given_name: 'Ana',
      family_name: 'Lima',
    } as Record<string, unknown>,
    nonce: '',
    signingKey: privateKey,
  };
  const googleServer = await startHttpStub(async (request) => {
    if (request.path === '/oauth2/v3/certs') return { json: { keys: [jwk] } };
    if (request.method === 'POST' && request.path === '/token') {
      const form = formOf(request);
      if (clientCredentials(request) !== 'google-client:google-secret')
        return { status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } };
      if (form.grant_type !== 'authorization_code' || !pkceMatches(form.code ?? '', form.code_verifier)) {
        return { status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } };
      }
      const idToken = await new SignJWT({ ...google.claims, nonce: google.nonce })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
        .setIssuer('https://accounts.google.com')
        .setAudience('google-client')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(google.signingKey);
      return {
        json: {
          access_token: 'ya29.token',
          expires_in: 3599,
          id_token: idToken,
          scope: 'openid email profile',
          token_type: 'Bearer',
        },
      };
    }
    return { status: 404, json: { error: 'not_found' } };
  });

  return {
    github,
    google,
    githubServer,
    googleServer,
    /** What the browser does at the provider: the user approves and is sent back with a code. */
    approve(authorizeUrl: URL, code: string) {
      challenges.set(code, authorizeUrl.searchParams.get('code_challenge') ?? '');
      return code;
    },
    env: {
      PUBLIC_URL: 'http://localhost:3000',
      GITHUB_CLIENT_ID: 'gh-client',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_AUTHORIZE_URL: `${githubServer.url}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${githubServer.url}/login/oauth/access_token`,
      GITHUB_API_URL: githubServer.url,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_AUTHORIZE_URL: `${googleServer.url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${googleServer.url}/token`,
      GOOGLE_JWKS_URL: `${googleServer.url}/oauth2/v3/certs`,
    },
    async close() {
      await githubServer.close();
      await googleServer.close();
    },
  };
}
