import { useLocation } from 'react-router';
import { getRedirectTarget } from './redirect-target.ts';

/** The page to open after signing in, as this sign-in screen was told (router state or `?redirect=`). */
export function useRedirectTarget(): string {
  const location = useLocation();
  return getRedirectTarget(location.search, location.state);
}
