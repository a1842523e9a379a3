import { authClient } from '#web/lib/api/clients.ts';
import { getSession } from '#web/lib/session/session-store.ts';

/**
 * `/auth/logout`, first step: revokes the session on the server while the page that linked here is still
 * shown. The session is forgotten once the logout screen is in place (LogoutPage), so the protected page
 * being left never sees itself logged out and redirects somewhere else first.
 */
export async function revokeSessionLoader() {
  const refreshToken = getSession()?.refreshToken;
  if (typeof refreshToken === 'string') {
    // A dead server or an already revoked token must not keep the visitor signed in.
    await authClient
      .post('logout', { refreshToken }, { 'axios-retry': { retries: 0 } })
      .catch(() => undefined);
  }
  return null;
}
