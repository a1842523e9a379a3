import { redirect } from 'react-router';
import { authClient } from '../../../lib/api/clients.ts';
import { getSession, logout } from '../../../lib/session/session-store.ts';
import { LOGIN_PATH } from '../lib/redirect-target.ts';

/** `/auth/logout`: revokes the session on the server when it can, always forgets it here, then logs in again. */
export async function logoutLoader() {
  const refreshToken = getSession()?.refreshToken;
  if (typeof refreshToken === 'string') {
    // A dead server or an already revoked token must not keep the visitor signed in.
    await authClient
      .post('logout', { refreshToken }, { 'axios-retry': { retries: 0 } })
      .catch(() => undefined);
  }
  logout();
  return redirect(LOGIN_PATH);
}
