import { XSRF_COOKIE_NAME, XSRF_HOST_COOKIE_NAME } from '@cotacep/shared/constants';
import type { InternalAxiosRequestConfig } from 'axios';
import type { Window as HappyDomWindow } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { readXsrfCookieName } from './xsrf-cookie-name.ts';

describe('readXsrfCookieName', () => {
  it('is the __Host- cookie when the page holds it (production, https)', () => {
    expect(readXsrfCookieName(`i18next=en; ${XSRF_HOST_COOKIE_NAME}=a.b`)).toBe(XSRF_HOST_COOKIE_NAME);
    expect(readXsrfCookieName(`${XSRF_HOST_COOKIE_NAME}=a.b;other=1`)).toBe(XSRF_HOST_COOKIE_NAME);
  });

  it('is XSRF-TOKEN otherwise (dev and tests over http, or no cookie yet)', () => {
    expect(readXsrfCookieName(`${XSRF_COOKIE_NAME}=a.b`)).toBe(XSRF_COOKIE_NAME);
    expect(readXsrfCookieName('')).toBe(XSRF_COOKIE_NAME);
    expect(readXsrfCookieName('x__Host-XSRF-TOKEN=a.b')).toBe(XSRF_COOKIE_NAME);
  });

  it('is what the clients hand axios on each request, so a page on https echoes the __Host- cookie', async () => {
    // A `__Host-` cookie needs a Secure page: happy-dom keeps none over http.
    (window as unknown as HappyDomWindow).happyDOM.setURL('https://cotacep.test/account');
    const { createApiClients } = await import('./clients.ts');
    const { apiClient } = createApiClients({ baseUrl: '/api', getLanguage: () => 'en' });
    const seen: (string | undefined)[] = [];
    apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      seen.push(config.xsrfCookieName);
      return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
    };
    await apiClient.post('/keys', {});
    // biome-ignore lint/suspicious/noDocumentCookie: stands for the Set-Cookie of a production server.
    document.cookie = `${XSRF_HOST_COOKIE_NAME}=a.b; Path=/; Secure`;
    await apiClient.post('/keys', {});
    expect(seen).toEqual([XSRF_COOKIE_NAME, XSRF_HOST_COOKIE_NAME]);
  });
});
