import type { Account } from '@cotacep/shared/account-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function getAccount(): Promise<Account> {
  const { data } = await apiClient.get<Account>('account');
  return data;
}

/**
 * One attempt, without the client's retries: the check on page load and the protected area's enrolment
 * guard wait on it, and an unreachable server must not hold the first screen for the retries' seconds.
 */
export async function checkAccount(): Promise<Account> {
  const { data } = await apiClient.get<Account>('account', { 'axios-retry': { retries: 0 } });
  return data;
}

export const getAccountQueryOptions = () => queryOptions({ queryKey: ['account'], queryFn: getAccount });

export function useAccount() {
  return useQuery(getAccountQueryOptions());
}
