import { useNavigate } from 'react-router';
import type { AuthNotice } from './auth-notice.ts';
import { withRedirect } from './redirect-target.ts';
import { useRedirectTarget } from './use-redirect-target.ts';

/** After a finished step (account confirmed, password reset): the login page, showing the message, e-mail filled in. */
export function useBackToLogin(): (notice: Required<AuthNotice>) => void {
  const navigate = useNavigate();
  const target = useRedirectTarget();
  return (notice) => navigate(withRedirect('/auth/login', target), { replace: true, state: notice });
}
