import { REFRESH_POLL_INTERVAL_MS } from '@cotacep/shared/constants';
import type { AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import {
  endSession,
  getAccessToken,
  getSession,
  refreshSession,
  type Session,
} from '../session/session-store.ts';
import { isTokenExpired } from '../session/token-expiry.ts';
import { getViewAs } from '../view-as/view-as-store.ts';
import { normalizeError } from './normalize-error.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function requestNewToken(authClient: AxiosInstance): Promise<void> {
  const refreshToken = getSession()?.refreshToken;
  // Without a refresh token the session can never be renewed again.
  if (!refreshToken) return endSession();
  try {
    const { data } = await authClient.post<Session>('token/refresh', { refreshToken });
    refreshSession(data);
  } catch (error) {
    const { status } = normalizeError(error);
    // Spec §4: logged out on 401 or 403; the login page then says the session ended.
    if (status === 401 || status === 403) return endSession();
    console.warn('Access token refresh failed', error);
  }
}

function setBearer(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  else config.headers.delete('Authorization');
  return config;
}

/**
 * Spec §4: before each request on the main client, an expired access token is refreshed once; requests
 * made meanwhile poll every 100 ms until the refresh is over and then go out with the new token. When the
 * refresh ended the session (401/403) they go out without one, rather than wait for a token forever.
 * Returns a refresh on demand (a purchase changed the `plan` claim) that takes the same turn, so a
 * rotated refresh token is never spent twice.
 */
export function installTokenRefresh(
  apiClient: AxiosInstance,
  authClient: AxiosInstance,
  pollIntervalMs = REFRESH_POLL_INTERVAL_MS,
): () => Promise<void> {
  let isRefreshing = false;

  const refresh = async () => {
    while (isRefreshing) await sleep(pollIntervalMs);
    isRefreshing = true;
    try {
      await requestNewToken(authClient);
    } finally {
      isRefreshing = false;
    }
  };

  apiClient.interceptors.request.use(async (config) => {
    if (isRefreshing) {
      while (isRefreshing) await sleep(pollIntervalMs);
      return setBearer(config);
    }
    const token = getAccessToken();
    // A customer's view-as token (issue 26) is never renewed: once expired, its 401 ends the view.
    if (!token || !isTokenExpired(token) || getViewAs()) return config;
    await refresh();
    return setBearer(config);
  });

  return async () => {
    if (getAccessToken()) await refresh();
  };
}
