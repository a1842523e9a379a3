// @vitest-environment node
import '../test-storage.ts';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@cotacep/shared/constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setCurrentOrganizationId } from '../session/organization-store.ts';
import { logout, setSession } from '../session/session-store.ts';
import { createTestToken } from '../session/test-tokens.ts';
import { clearAuthorizationHeader, createApiClients } from './clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let language = 'pt-BR';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  language = 'pt-BR';
});

const create = () => createApiClients({ baseUrl: `${server.url}/api/`, getLanguage: () => language });

describe('createApiClients', () => {
  it('roots the auth client at <base>/auth and the main client at <base>', async () => {
    const { authClient, apiClient } = create();
    await authClient.post('login', { email: 'a@b.c' });
    await apiClient.get('/keys');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/auth/login',
      'GET /api/keys',
    ]);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]!.body.toString())).toEqual({ email: 'a@b.c' });
  });

  it('sends the current UI language as Accept-Language on every request of both clients', async () => {
    const { authClient, apiClient } = create();
    await apiClient.get('/a');
    language = 'en';
    await apiClient.get('/b');
    await authClient.get('c');
    expect(server.requests.map((r) => r.headers['accept-language'])).toEqual(['pt-BR', 'en', 'en']);
  });

  it('adds the bearer token to the main client only, following login and logout', async () => {
    const { authClient, apiClient } = create();
    await apiClient.get('/anonymous');
    const token = createTestToken({ sub: 'user-1' });
    setSession({ accessToken: token, refreshToken: 'r1' });
    await apiClient.get('/signed-in');
    await authClient.get('me');
    logout();
    await apiClient.get('/signed-out');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      undefined,
      `Bearer ${token}`,
      undefined,
      undefined,
    ]);
  });

  it('names the organization this tab works in on the main client only, from the switch on (issue 24)', async () => {
    const { authClient, apiClient } = create();
    await apiClient.get('/default');
    setCurrentOrganizationId('0d3c7a56-4f1e-4d6b-9a55-7b7e8c1d2f30');
    await apiClient.get('/chosen');
    await authClient.get('me');
    logout();
    await apiClient.get('/signed-out');
    expect(server.requests.map((r) => r.headers['x-organization'])).toEqual([
      undefined,
      '0d3c7a56-4f1e-4d6b-9a55-7b7e8c1d2f30',
      undefined,
      undefined,
    ]);
  });

  it('picks up a session that was stored before the clients were created', async () => {
    const token = createTestToken({ sub: 'user-2' });
    setSession({ accessToken: token });
    const { apiClient } = create();
    await apiClient.get('/x');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('clearAuthorizationHeader removes the bearer header until the session changes', async () => {
    setSession({ accessToken: createTestToken({ sub: 'user-3' }) });
    const { apiClient } = create();
    clearAuthorizationHeader(apiClient);
    await apiClient.get('/cleared');
    const next = createTestToken({ sub: 'user-4' });
    setSession({ accessToken: next });
    await apiClient.get('/again');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, `Bearer ${next}`]);
  });

  it('names the XSRF cookie and header as the spec does and sets no timeout', () => {
    const { authClient, apiClient } = create();
    for (const client of [authClient, apiClient]) {
      expect(client.defaults.xsrfCookieName).toBe(XSRF_COOKIE_NAME);
      expect(client.defaults.xsrfHeaderName).toBe(XSRF_HEADER_NAME);
      expect(client.defaults.timeout).toBe(0);
    }
    // The cookie-to-header echo needs a browser; clients.browser.test.ts covers it.
  });
});
