import type { Account, UpdateAccountRequest } from '@cotacep/shared/account-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getAccountQueryOptions } from './get-account.ts';

export async function updateAccount(input: UpdateAccountRequest): Promise<Account> {
  const { data } = await apiClient.patch<Account>('account', input);
  return data;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => queryClient.setQueryData(getAccountQueryOptions().queryKey, account),
  });
}
