// @vitest-environment node
import '../test-storage.ts';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../session/session-store.ts';
import { createTestToken } from '../session/test-tokens.ts';
import { createApiClients } from './clients.ts';

/**
 * Spec §4 and §9: requests made while a refresh is under way check every 100 ms until it is over. The
 * clients are built as the app builds them (no poll interval given), on a fake clock, with adapters in
 * place of the network, so the moment a waiting request goes out can be read to the millisecond.
 */
const expired = createTestToken({ sub: 'user-1' }, -60);
const renewed = createTestToken({ sub: 'user-1' }, 900);

const answer = (config: InternalAxiosRequestConfig, data: unknown): AxiosResponse => ({
  data,
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
});

let sent: { url: string | undefined; authorization: unknown }[];
let refreshCalls: number;
let finishRefresh: () => void;

function createClients() {
  const clients = createApiClients({ baseUrl: 'http://portal.test/api', getLanguage: () => 'en' });
  const refreshAdapter: AxiosAdapter = (config) =>
    new Promise((resolve) => {
      refreshCalls += 1;
      finishRefresh = () =>
        resolve(answer(config, { accessToken: renewed, idToken: 'id-2', expiresIn: 900 }));
    });
  const apiAdapter: AxiosAdapter = async (config) => {
    sent.push({ url: config.url, authorization: config.headers.Authorization });
    return answer(config, {});
  };
  clients.authClient.defaults.adapter = refreshAdapter;
  clients.apiClient.defaults.adapter = apiAdapter;
  return clients;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  sent = [];
  refreshCalls = 0;
  setSession({ accessToken: expired, idToken: 'id-1', expiresIn: 900, refreshToken: 'refresh-1' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refresh waiters (spec §4, §9)', () => {
  it('check every 100 ms: a request that waited goes out at 100 ms, not a millisecond before', async () => {
    const { apiClient } = createClients();
    const first = apiClient.get('/first');
    const waiting = apiClient.get('/waiting');
    await vi.advanceTimersByTimeAsync(30);
    finishRefresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((request) => request.url)).toEqual(['/first']);

    await vi.advanceTimersByTimeAsync(69);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      { url: '/first', authorization: `Bearer ${renewed}` },
      { url: '/waiting', authorization: `Bearer ${renewed}` },
    ]);
    await Promise.all([first, waiting]);
  });

  it('keep checking every 100 ms while the refresh lasts', async () => {
    const { apiClient } = createClients();
    const first = apiClient.get('/first');
    const waiting = apiClient.get('/waiting');
    await vi.advanceTimersByTimeAsync(230);
    finishRefresh();
    await vi.advanceTimersByTimeAsync(69);
    expect(sent.map((request) => request.url)).toEqual(['/first']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((request) => request.url)).toEqual(['/first', '/waiting']);
    await Promise.all([first, waiting]);
  });

  it('hold an on-demand refresh asked for meanwhile to the same 100 ms turns', async () => {
    const { apiClient, refreshAccessToken } = createClients();
    const first = apiClient.get('/first');
    await vi.advanceTimersByTimeAsync(0);
    const onDemand = refreshAccessToken();
    await vi.advanceTimersByTimeAsync(30);
    finishRefresh();
    await vi.advanceTimersByTimeAsync(69);
    expect(refreshCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls).toBe(2);
    finishRefresh();
    await Promise.all([first, onDemand]);
  });
});
