import type { AccountSession } from '@cotacep/shared/account-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function getSessions(): Promise<AccountSession[]> {
  const { data } = await apiClient.get<{ sessions: AccountSession[] }>('account/sessions');
  return data.sessions;
}

export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'sessions'], queryFn: getSessions });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
