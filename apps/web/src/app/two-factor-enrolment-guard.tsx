import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page/page-loader.tsx';
import { checkAccount, getAccountQueryOptions } from '../features/account/api/get-account.ts';
import { ENROLMENT_PATH, ENROLMENT_QUERY } from '../features/account/lib/enrolment.ts';
import { useEnrolmentRefusedAt } from '../lib/api/two-factor-enrolment.ts';

/**
 * Issue 25: a member of an organization that requires two-factor, without an authenticator app or a
 * passkey, goes to the Security tab to add one before any screen of the protected area (and so before any of
 * the organization's data) renders; the tab sends them on to the page they asked for. The account says so
 * (`twoFactorEnrolmentRequired`), and so does any API call refused with 403 `TwoFactorEnrolmentRequired`.
 */
export function TwoFactorEnrolmentGuard() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const account = useQuery({ ...getAccountQueryOptions(), queryFn: checkAccount });
  const refusedAt = useEnrolmentRefusedAt();
  const isRefusedSinceRead = refusedAt !== null && account.dataUpdatedAt < refusedAt;

  // Read the account again: it names the organizations that ask, for the Security tab's banner.
  useEffect(() => {
    if (isRefusedSinceRead)
      void queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey });
  }, [isRefusedSinceRead, queryClient]);

  // Only the first read holds the page: once it failed (an unreachable server), the page renders and its
  // own requests are refused the same way; a screen reading the account again must not hide itself.
  if (account.isPending && account.errorUpdateCount === 0) return <PageLoader />;
  const isRequired = account.data?.twoFactorEnrolmentRequired === true || isRefusedSinceRead;
  if (isRequired && location.pathname !== ENROLMENT_PATH) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${ENROLMENT_PATH}?${ENROLMENT_QUERY}`} replace state={{ from }} />;
  }
  return <Outlet />;
}
