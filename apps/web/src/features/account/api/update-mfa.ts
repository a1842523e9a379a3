import type { Account, MfaSettingsRequest } from '@cotacep/shared/account-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getAccountQueryOptions } from './get-account.ts';

export async function updateMfa(input: MfaSettingsRequest): Promise<Account> {
  const { data } = await apiClient.put<Account>('account/mfa', input);
  return data;
}

export function useUpdateMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }),
  });
}
