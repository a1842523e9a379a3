/** Documented limits of the quotes API (they appear in the OpenAPI document and in error messages). */

import { MAX_DAYS } from '@cotacep/shared/quotes';

// The two limits clients see are shared with the web app and the client; the rest are the server's own.
export { MAX_DAYS, MAX_PAIRS } from '@cotacep/shared/quotes';

/** Days of history kept in memory: the longest series a request can reach, plus room for weekends. */
export const MEMORY_WINDOW_DAYS = MAX_DAYS + 30;

/** Longest path parameter the router accepts; longer paths get a 400 before any parsing. */
export const MAX_PARAM_LENGTH = 400;

/** Prepared answers kept per data version; beyond this the least recently added go first. */
export const RESPONSE_CACHE_SIZE = 5_000;
