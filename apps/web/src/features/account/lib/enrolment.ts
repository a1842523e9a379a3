import { useLocation, useSearchParams } from 'react-router';

/** The Security tab, where the protected area sends a member whose organization requires two-factor. */
export const ENROLMENT_PATH = '/account/security';
export const ENROLMENT_QUERY = 'enrol=required';

/** Only a path of this site: `from` comes from the router's state, which a page could have set. */
const isLocalPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');

/**
 * Whether the Security tab was opened to enrol (`?enrol=required`), and where the person was going: the
 * page they continue to once an authenticator app or a passkey is on.
 */
export function useEnrolmentRequest(): { isRequested: boolean; continueTo: string } {
  const [params] = useSearchParams();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const continueTo = isLocalPath(from) && !from.startsWith(ENROLMENT_PATH) ? from : '/dashboard';
  return { isRequested: params.get('enrol') === 'required', continueTo };
}
