import { XSRF_COOKIE_NAME, XSRF_HOST_COOKIE_NAME } from '@cotacep/shared/constants';

/**
 * The XSRF cookie the server set: `__Host-XSRF-TOKEN` where cookies are Secure (production), `XSRF-TOKEN`
 * over http (dev, tests). Read per request, so axios echoes whichever the page holds.
 */
export function readXsrfCookieName(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): string {
  const names = cookies.split(';').map((cookie) => cookie.split('=')[0]?.trim());
  return names.includes(XSRF_HOST_COOKIE_NAME) ? XSRF_HOST_COOKIE_NAME : XSRF_COOKIE_NAME;
}
