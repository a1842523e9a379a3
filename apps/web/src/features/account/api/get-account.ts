import type { Account } from '@cotacep/shared/account-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function getAccount(): Promise<Account> {
  const { data } = await apiClient.get<Account>('account');
  return data;
}

export const getAccountQueryOptions = () => queryOptions({ queryKey: ['account'], queryFn: getAccount });

export function useAccount() {
  return useQuery(getAccountQueryOptions());
}
