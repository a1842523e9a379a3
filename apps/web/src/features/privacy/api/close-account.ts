import type { CloseAccountRequest, CloseAccountResponse } from '@cotacep/shared/privacy-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function closeAccount(input: CloseAccountRequest): Promise<CloseAccountResponse> {
  const { data } = await apiClient.post<CloseAccountResponse>('account/close', input);
  return data;
}

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
