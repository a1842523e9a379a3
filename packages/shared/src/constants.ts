/** Constants fixed by the spec (§3, §7, §9) and shared by the server and the web app. */

export const STORAGE_KEYS = {
  user: 'user',
  token: 'token',
  session: 'session',
  cookieConsent: 'cookieConsent',
  language: 'i18nextLng',
} as const;

/** The organization a portal request acts on (decision 033); without it, the user's default one. */
export const ORGANIZATION_HEADER = 'x-organization';

export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
/** The XSRF cookie where cookies are Secure (https): `__Host-` pins it to this host, path `/` and https. */
export const XSRF_HOST_COOKIE_NAME = '__Host-XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
export const LANGUAGE_COOKIE_NAME = 'i18next';
export const LANGUAGE_QUERY_PARAM = 'lng';

export const REQUEST_RETRIES = 3;
export const RETRY_DELAY_UNIT_MS = 1000;
export const REFRESH_POLL_INTERVAL_MS = 100;

export const QUERY_STALE_TIME_MS = 10 * 60 * 1000;
export const QUERY_GC_TIME_MS = 60 * 1000;
export const QUERY_PERSIST_THROTTLE_MS = 1000;
export const QUERY_PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const CONFIRMATION_CODE_MIN_LENGTH = 6;
export const USAGE_CHART_DAYS = 15;

export const REQUEST_ID_HEADER = 'x-request-id';
