import { ORGANIZATION_HEADER, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@cotacep/shared/constants';
import { DEFAULT_LANGUAGE } from '@cotacep/shared/languages';
import axios, { type AxiosInstance } from 'axios';
import i18next from 'i18next';
import { getAppConfig } from '../app-config.ts';
import { getCurrentOrganizationId } from '../session/organization-store.ts';
import { getAccessToken, subscribe } from '../session/session-store.ts';
import { installEndSessionOn401 } from './end-session-on-401.ts';
import { installTokenRefresh } from './refresh.ts';
import { installRetry } from './retry.ts';
import { installEnrolmentRequiredOn403 } from './two-factor-enrolment.ts';
import { readXsrfCookieName } from './xsrf-cookie-name.ts';

export type ApiClientsOptions = {
  baseUrl: string;
  getLanguage: () => string;
  retryDelayUnitMs?: number;
  refreshPollIntervalMs?: number;
};

export type ApiClients = {
  authClient: AxiosInstance;
  apiClient: AxiosInstance;
  /** Renews the access token now, e.g. after a purchase changed its `plan` claim. */
  refreshAccessToken: () => Promise<void>;
};

function createClient(baseURL: string, options: ApiClientsOptions): AxiosInstance {
  const client = axios.create({
    baseURL,
    headers: { 'Content-Type': 'application/json' },
    xsrfCookieName: XSRF_COOKIE_NAME,
    xsrfHeaderName: XSRF_HEADER_NAME,
    timeout: 0,
  });
  client.interceptors.request.use((config) => {
    config.xsrfCookieName = readXsrfCookieName();
    config.headers.set('Accept-Language', options.getLanguage());
    return config;
  });
  installRetry(client, options.retryDelayUnitMs);
  return client;
}

// The main client's default Authorization header follows the stored token (login, refresh, logout, other tabs).
function syncBearer(client: AxiosInstance): void {
  const apply = () => {
    const token = getAccessToken();
    if (token) client.defaults.headers.common.Authorization = `Bearer ${token}`;
    else delete client.defaults.headers.common.Authorization;
  };
  apply();
  subscribe(apply);
}

// Issue 24: each request names the organization this tab works in, read when it is sent (a switch applies at once).
function sendOrganization(client: AxiosInstance): void {
  client.interceptors.request.use((config) => {
    const organizationId = getCurrentOrganizationId();
    if (organizationId) config.headers.set(ORGANIZATION_HEADER, organizationId);
    return config;
  });
}

/** Spec §7: the auth client at `<base>/auth` and the main client at `<base>`, the latter with a bearer token. */
export function createApiClients(options: ApiClientsOptions): ApiClients {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const authClient = createClient(`${baseUrl}/auth`, options);
  const apiClient = createClient(baseUrl, options);
  syncBearer(apiClient);
  sendOrganization(apiClient);
  installEndSessionOn401(apiClient);
  installEnrolmentRequiredOn403(apiClient);
  const refreshAccessToken = installTokenRefresh(apiClient, authClient, options.refreshPollIntervalMs);
  return { authClient, apiClient, refreshAccessToken };
}

export const { authClient, apiClient, refreshAccessToken } = createApiClients({
  baseUrl: getAppConfig().apiUrl,
  getLanguage: () => i18next.language || DEFAULT_LANGUAGE,
});

/** Drops the bearer header, e.g. when an anonymous visitor reaches a protected route. */
export function clearAuthorizationHeader(client: AxiosInstance = apiClient): void {
  delete client.defaults.headers.common.Authorization;
}
