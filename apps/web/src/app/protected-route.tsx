import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { buildLoginPath } from '../features/auth/lib/redirect-target.ts';
import { clearAuthorizationHeader } from '../lib/api/clients.ts';
import { useSession } from '../lib/session/session-store.ts';
import { TwoFactorEnrolmentGuard } from './two-factor-enrolment-guard.tsx';

/**
 * Spec §2: the protected area needs a session with an access token; otherwise the token header is cleared
 * and the visitor goes to the login page, which returns to the page they asked for. Signed in, a member
 * without the two-factor an organization requires enrols first (`TwoFactorEnrolmentGuard`).
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
  return <TwoFactorEnrolmentGuard />;
}
