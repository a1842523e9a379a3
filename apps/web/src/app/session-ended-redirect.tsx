import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buildLoginPath, LOGIN_PATH } from '../features/auth/lib/redirect-target.ts';
import { useSession } from '../lib/session/session-store.ts';

/**
 * When the server ends the session (a 401: ended from another device), any page goes to the login, which
 * says so and comes back here after signing in. A protected page also redirects by itself; both land on
 * the same login with the same state.
 */
export function SessionEndedRedirect() {
  const { hasEnded, isAuthenticated } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const hasRedirected = useRef(false);

  useEffect(() => {
    if (!hasEnded || isAuthenticated) {
      hasRedirected.current = false;
      return;
    }
    // Once per ending: browsing on afterwards, signed out, is the visitor's choice.
    if (hasRedirected.current || location.pathname.startsWith(LOGIN_PATH)) return;
    hasRedirected.current = true;
    const from = `${location.pathname}${location.search}${location.hash}`;
    navigate(buildLoginPath(from), { replace: true, state: { from, sessionEnded: true } });
  }, [hasEnded, isAuthenticated, location, navigate]);

  return null;
}
