import type { TotpCodeRequest, TotpVerifyResponse } from '@cotacep/shared/second-factor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { getAccountQueryOptions } from './get-account.ts';
import { getSecondFactorsQueryOptions } from './get-second-factors.ts';

/** Turns the authenticator app on with its current code; the first strong factor brings recovery codes. */
export async function verifyTotp(input: TotpCodeRequest): Promise<TotpVerifyResponse> {
  const { data } = await apiClient.post<TotpVerifyResponse>('account/mfa/totp/verify', input);
  return data;
}

/** The account is read again too: an organization's enrolment requirement may be met now. */
export function useVerifyTotp() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (input: TotpCodeRequest) => guard(() => verifyTotp(input)),
    onSuccess: ({ factors }) => {
      queryClient.setQueryData(getSecondFactorsQueryOptions().queryKey, factors);
      return queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey });
    },
  });
}
