import type { SecondFactors, TotpDeleteRequest } from '@cotacep/shared/second-factor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { getAccountQueryOptions } from './get-account.ts';
import { getSecondFactorsQueryOptions } from './get-second-factors.ts';

/** Removes the authenticator app: a current code, and the password when it is the last strong factor. */
export async function deleteTotp(input: TotpDeleteRequest): Promise<SecondFactors> {
  const { data } = await apiClient.delete<SecondFactors>('account/mfa/totp', { data: input });
  return data;
}

export function useDeleteTotp() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (input: TotpDeleteRequest) => guard(() => deleteTotp(input)),
    onSuccess: (factors) => {
      queryClient.setQueryData(getSecondFactorsQueryOptions().queryKey, factors);
      return queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey });
    },
  });
}
