/**
 * Where the portal API is mounted on this server: `API_URL` when it is a path, `/api` when it names
 * another origin (the SPA then calls that origin, which proxies to `/api` here). No trailing slash, so `/` is the empty prefix.
 */
export function portalApiPrefix(apiUrl: string): string {
  return (apiUrl.startsWith('/') ? apiUrl : '/api').replace(/\/$/, '');
}
