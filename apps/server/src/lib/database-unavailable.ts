/** How long a client is asked to wait before trying again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of node-postgres while it connects or talks to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of a server that is going away or refusing connections: class 08 (connection exception),
 * 57P01–57P03 (admin or crash shutdown, cannot connect now) and 53300 (too many connections).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Errors that carry no code: a closed PGlite, a closed pool, a lost or timed-out connection. */
const MESSAGES = [
  /^PGlite is closed/,
  /^Cannot use a pool after calling end on the pool/,
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  // SQLSTATE 55000 is a general class; only this text means `ALLOW_CONNECTIONS false`.
  /is not currently accepting connections/,
];

function isConnectionFailure(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when an error (or what it wraps: Drizzle's `cause`, an AggregateError's list) says the database
 * cannot be reached, as opposed to a query the database refused. The one place that knows both drivers'
 * connection failures; callers answer 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (isConnectionFailure(candidate)) return true;
  if (
    Array.isArray(candidate.errors) &&
    candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}
