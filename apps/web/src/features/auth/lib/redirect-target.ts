export const LOGIN_PATH = '/auth/login';
/** Issue 23: signing in opens the dashboard (it used to open Account Settings → Profile). */
export const DEFAULT_AFTER_LOGIN = '/dashboard';
const REDIRECT_PARAM = 'redirect';

/** Only same-site paths: "/x" but never "//host" or "/\host", which browsers treat as other origins. */
export function isSafeRedirect(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    !value.startsWith('/auth/')
  );
}

export function buildLoginPath(from: string): string {
  if (!isSafeRedirect(from)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: from })}`;
}

/** Where to go after signing in: router state first, then `?redirect=`, else the account page. */
export function getRedirectTarget(search: string, state: unknown): string {
  const fromState = (state as { from?: unknown } | null)?.from;
  if (isSafeRedirect(fromState)) return fromState;
  const fromQuery = new URLSearchParams(search).get(REDIRECT_PARAM);
  return isSafeRedirect(fromQuery) ? fromQuery : DEFAULT_AFTER_LOGIN;
}

/** A link between sign-in screens that keeps the page to return to (and any other query, e.g. the e-mail). */
export function withRedirect(path: string, target: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(Object.entries(extra).filter(([, value]) => value !== ''));
  if (isSafeRedirect(target) && target !== DEFAULT_AFTER_LOGIN) params.set(REDIRECT_PARAM, target);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
