import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { buildLoginPath } from '../features/auth/lib/redirect-target.ts';
import { clearAuthorizationHeader } from '../lib/api/clients.ts';
import { useSession } from '../lib/session/session-store.ts';

/**
 * Spec §2: the protected area needs a session with an access token; otherwise the token header is cleared
 * and the visitor goes to the login page, which returns to the page they asked for.
 */
export function ProtectedRoute() {
  const { isAuthenticated, hasEnded } = useSession();
  const location = useLocation();

  useEffect(() => {
    if (!isAuthenticated) clearAuthorizationHeader();
  }, [isAuthenticated]);

  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    // After a 401 the login also says that the session ended.
    const state = hasEnded ? { from, sessionEnded: true } : { from };
    return <Navigate to={buildLoginPath(from)} replace state={state} />;
  }
  return <Outlet />;
}
