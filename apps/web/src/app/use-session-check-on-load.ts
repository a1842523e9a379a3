import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isAuthenticated } from '../lib/session/session-store.ts';

/**
 * Once per page load a signed-in visitor's account is read again, so the server says at once whether the
 * session still lives (issue 23): the persisted query cache would otherwise show the pages of a session
 * ended elsewhere without asking. A 401 ends the session (`end-session-on-401.ts`) and leads to the login.
 * Loaded on demand, so a visitor's first paint carries no API code.
 */
export function useSessionCheckOnLoad(): void {
  const queryClient = useQueryClient();
  const hasChecked = useRef(false);

  useEffect(() => {
    if (hasChecked.current || !isAuthenticated()) return;
    hasChecked.current = true;
    void import('../features/account/api/get-account.ts')
      .then(({ checkAccount, getAccountQueryOptions }) =>
        queryClient.fetchQuery({
          ...getAccountQueryOptions(),
          queryFn: checkAccount,
          staleTime: 0,
          retry: false,
        }),
      )
      // A failure is the 401's to handle, or the next request's.
      .catch(() => undefined);
  }, [queryClient]);
}
