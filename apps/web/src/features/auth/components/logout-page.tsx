import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '#web/lib/session/session-store.ts';
import { LOGIN_PATH } from '../lib/redirect-target.ts';

/** `/auth/logout`: forgets the session in this browser and goes to the login page. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    logout();
    navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
  return null;
}
