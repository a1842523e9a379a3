// @vitest-environment node
import '../test-storage.ts';
import { STORAGE_KEYS } from '@cotacep/shared/constants';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, getUser, isAuthenticated, setSession } from '../session/session-store.ts';
import { createTestToken } from '../session/test-tokens.ts';
import { createApiClients } from './clients.ts';
import { createRequestHelper } from './request.ts';
import { type RecordedRequest, sendJson, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let refreshAnswer: { status: number; body?: unknown; delayMs?: number };

const REFRESH_PATH = '/api/auth/token/refresh';
const expired = createTestToken({ sub: 'user-1', given_name: 'Ana' }, -60);
const renewed = createTestToken({ sub: 'user-1', given_name: 'Ana Maria' }, 900);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  refreshAnswer = {
    status: 200,
    body: { accessToken: renewed, idToken: 'id-2', expiresIn: 900 },
    delayMs: 250,
  };
  server.handle(async (request, response) => {
    if (request.url !== REFRESH_PATH) return sendJson(response, 200, { url: request.url });
    await new Promise((resolve) => setTimeout(resolve, refreshAnswer.delayMs ?? 0));
    sendJson(response, refreshAnswer.status, refreshAnswer.body);
  });
  setSession({ accessToken: expired, idToken: 'id-1', expiresIn: 900, refreshToken: 'refresh-1' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const create = () =>
  createApiClients({ baseUrl: `${server.url}/api`, getLanguage: () => 'en', retryDelayUnitMs: 10 });
const refreshCalls = () => server.requests.filter((r) => r.url === REFRESH_PATH);
const apiCalls = () => server.requests.filter((r) => r.url !== REFRESH_PATH);
const bearers = (requests: RecordedRequest[]) => requests.map((r) => r.headers.authorization);
const fiveParallel = (get: (url: string) => Promise<unknown>) =>
  Promise.all([1, 2, 3, 4, 5].map((n) => get(`/things/${n}`)));

describe('token refresh (spec §4)', () => {
  it('refreshes an expired token once for 5 parallel requests, which all go out with the new token', async () => {
    const { get } = createRequestHelper(create().apiClient);
    const answers = await fiveParallel(get);
    expect(answers).toEqual([1, 2, 3, 4, 5].map((n) => ({ url: `/api/things/${n}` })));
    expect(refreshCalls()).toHaveLength(1);
    expect(JSON.parse(refreshCalls()[0]!.body.toString())).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshCalls()[0]?.headers['accept-language']).toBe('en');
    expect(bearers(apiCalls())).toEqual(Array(5).fill(`Bearer ${renewed}`));
    // Every API call waited for the refresh answer, the waiters for at most one 100 ms poll longer.
    const refreshedAt = refreshCalls()[0]!.receivedAt + 250;
    for (const call of apiCalls()) {
      expect(call.receivedAt).toBeGreaterThanOrEqual(refreshedAt - 5);
      expect(call.receivedAt).toBeLessThan(refreshedAt + 100 + 150);
    }
  });

  it('stores the refreshed session: new tokens and expiry, the user re-decoded, the refresh token kept', async () => {
    await createRequestHelper(create().apiClient).get('/me');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(renewed);
    expect(getUser()).toMatchObject({ sub: 'user-1', given_name: 'Ana Maria' });
    expect(getSession()).toEqual({
      accessToken: renewed,
      idToken: 'id-2',
      expiresIn: 900,
      refreshToken: 'refresh-1',
    });
  });

  it('keeps a rotated refresh token when the answer carries one', async () => {
    refreshAnswer.body = { accessToken: renewed, refreshToken: 'refresh-2' };
    await createRequestHelper(create().apiClient).get('/me');
    expect(getSession()?.refreshToken).toBe('refresh-2');
  });

  it('does not refresh a token that is still valid', async () => {
    const valid = createTestToken({ sub: 'user-1' }, 60);
    setSession({ accessToken: valid, refreshToken: 'refresh-1' });
    await fiveParallel(createRequestHelper(create().apiClient).get);
    expect(refreshCalls()).toHaveLength(0);
    expect(bearers(apiCalls())).toEqual(Array(5).fill(`Bearer ${valid}`));
  });

  it.each([401, 403])(
    'logs out when the refresh answers %i; the waiting requests go out without a token',
    async (status) => {
      refreshAnswer = {
        status,
        body: { code: 'Unauthorized', message: 'Authentication required' },
        delayMs: 150,
      };
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await fiveParallel(createRequestHelper(create().apiClient).get);
      expect(refreshCalls()).toHaveLength(1);
      expect(isAuthenticated()).toBe(false);
      for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.session]) {
        expect(localStorage.getItem(key)).toBeNull();
      }
      expect(bearers(apiCalls())).toEqual(Array(5).fill(undefined));
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('only logs other refresh failures: the session stays and requests go out with the old token', async () => {
    refreshAnswer = {
      status: 500,
      body: { code: 'InternalError', message: 'Something went wrong' },
      delayMs: 0,
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fiveParallel(createRequestHelper(create().apiClient).get);
    // The auth client retried the refresh itself (1 + 3) before giving up, and only one refresh ran.
    expect(refreshCalls()).toHaveLength(4);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(isAuthenticated()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(expired);
    expect(bearers(apiCalls())).toEqual(Array(5).fill(`Bearer ${expired}`));
  });

  it('treats an answer without an access token as a failure, not as a session', async () => {
    refreshAnswer.body = { idToken: 'only-id' };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await createRequestHelper(create().apiClient).get('/me');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(expired);
    expect(getSession()?.idToken).toBe('id-1');
  });

  it('logs out without calling the server when there is no refresh token to use', async () => {
    setSession({ accessToken: expired });
    await createRequestHelper(create().apiClient).get('/me');
    expect(refreshCalls()).toHaveLength(0);
    expect(isAuthenticated()).toBe(false);
    expect(apiCalls()[0]?.headers.authorization).toBeUndefined();
  });

  it('tries again on the next request after a failed refresh', async () => {
    refreshAnswer = { status: 400, body: { message: 'Bad' }, delayMs: 0 };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { get } = createRequestHelper(create().apiClient);
    await get('/one');
    refreshAnswer = { status: 200, body: { accessToken: renewed }, delayMs: 0 };
    await get('/two');
    expect(refreshCalls()).toHaveLength(2);
    expect(bearers(apiCalls())).toEqual([`Bearer ${expired}`, `Bearer ${renewed}`]);
  });

  it('renews a valid token on demand, and requests made meanwhile wait for it', async () => {
    const fresh = createTestToken({ sub: 'user-1', given_name: 'Ana', plan: 'free' }, 900);
    setSession({ accessToken: fresh, refreshToken: 'refresh-1' });
    const clients = create();
    const { get } = createRequestHelper(clients.apiClient);
    const refreshing = clients.refreshAccessToken();
    await get('/during');
    await refreshing;
    expect(refreshCalls()).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(renewed);
    expect(bearers(apiCalls())).toEqual([`Bearer ${renewed}`]);
  });
});
