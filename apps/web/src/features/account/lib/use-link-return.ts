import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type LinkResult = { linked: string | null; error: string | null };

/**
 * Back from linking GitHub or Google: the callback lands on `/account/settings#linked=github` (or
 * `#oauthError=<code>`). The fragment becomes router state on the Security tab, where the result shows.
 */
export function useLinkReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const result: LinkResult = { linked: fragment.get('linked'), error: fragment.get('oauthError') };
    if (!result.linked && !result.error) return;
    navigate(
      { pathname: location.pathname, search: '?tab=security' },
      { replace: true, state: { linkResult: result } },
    );
  }, [location.hash, location.pathname, navigate]);
}

export function readLinkResult(state: unknown): LinkResult | null {
  const result = (state as { linkResult?: LinkResult } | null)?.linkResult;
  return result && (result.linked || result.error) ? result : null;
}
