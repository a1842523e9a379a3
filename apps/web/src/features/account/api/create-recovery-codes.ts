import type { RecoveryCodes } from '@cotacep/shared/second-factor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { getSecondFactorsQueryOptions } from './get-second-factors.ts';

/** A new set of recovery codes; the old ones stop working. */
export async function createRecoveryCodes(): Promise<RecoveryCodes> {
  const { data } = await apiClient.post<RecoveryCodes>('account/mfa/recovery-codes');
  return data;
}

export function useCreateRecoveryCodes() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: () => guard(createRecoveryCodes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSecondFactorsQueryOptions().queryKey }),
  });
}
