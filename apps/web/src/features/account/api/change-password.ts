import type { ChangePasswordRequest } from '@cotacep/shared/account-schemas';
import type { MessageResponse } from '@cotacep/shared/auth-responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { getSessionsQueryOptions } from './get-sessions.ts';

export async function changePassword(input: ChangePasswordRequest): Promise<MessageResponse> {
  const { data } = await apiClient.post<MessageResponse>('account/password', input);
  return data;
}

/** The other devices are signed out by the change, so the sessions list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => guard(() => changePassword(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
