import type {
  Account,
  ChangeEmailRequest,
  ChangePhoneRequest,
  VerifyCodeRequest,
} from '@cotacep/shared/account-schemas';
import type { CodeSentResponse } from '@cotacep/shared/auth-responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, refreshAccessToken } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { getAccountQueryOptions } from './get-account.ts';

/** Which contact changes: the new e-mail gets its code by e-mail, the new phone by SMS. */
export type ContactKind = 'email' | 'phone';
type ChangeRequest = ChangeEmailRequest | ChangePhoneRequest;

export async function requestContactChange(
  kind: ContactKind,
  input: ChangeRequest,
): Promise<CodeSentResponse> {
  const { data } = await apiClient.post<CodeSentResponse>(`account/${kind}`, input);
  return data;
}

export async function verifyContactChange(kind: ContactKind, input: VerifyCodeRequest): Promise<Account> {
  const { data } = await apiClient.post<Account>(`account/${kind}/verify`, input);
  return data;
}

/**
 * Sends the code; the account now shows the value as pending ("Please verify your email"). Both steps
 * need a recent re-authentication, which the guard asks for when the server does.
 */
export function useRequestContactChange(kind: ContactKind) {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (input: ChangeRequest) => guard(() => requestContactChange(kind, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }),
  });
}

/** A new e-mail also ends the other sessions and changes the token's `email` claim: a fresh one is fetched. */
export function useVerifyContactChange(kind: ContactKind) {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (input: VerifyCodeRequest) => guard(() => verifyContactChange(kind, input)),
    onSuccess: (account) => {
      queryClient.setQueryData(getAccountQueryOptions().queryKey, account);
      if (kind === 'email') void refreshAccessToken();
    },
  });
}
