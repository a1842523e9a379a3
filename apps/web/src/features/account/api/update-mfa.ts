import type { Account, MfaSettingsRequest } from '@cotacep/shared/account-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { getAccountQueryOptions } from './get-account.ts';

export async function updateMfa(input: MfaSettingsRequest): Promise<Account> {
  const { data } = await apiClient.put<Account>('account/mfa', input);
  return data;
}

/** Turning MFA off or changing its method needs a recent re-authentication, asked for by the guard. */
export function useUpdateMfa() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (input: MfaSettingsRequest) => guard(() => updateMfa(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }),
  });
}
