import type { ChangePasswordRequest } from '@cotacep/shared/account-schemas';
import type { MessageResponse } from '@cotacep/shared/auth-responses';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api/clients.ts';

export async function changePassword(input: ChangePasswordRequest): Promise<MessageResponse> {
  const { data } = await apiClient.post<MessageResponse>('account/password', input);
  return data;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
