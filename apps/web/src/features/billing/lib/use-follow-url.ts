import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Goes where the billing API says: a page of this app (test mode's checkout, manage and success pages) by
 * the router, anything else (Stripe) by `window.location.assign`.
 */
export function useFollowUrl() {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const target = new URL(url, window.location.href);
      if (target.origin === window.location.origin)
        navigate(`${target.pathname}${target.search}${target.hash}`);
      else window.location.assign(target.toString());
    },
    [navigate],
  );
}
