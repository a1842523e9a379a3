import type { CodeSentResponse } from '@cotacep/shared/auth-responses';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function sendClosureCode(): Promise<CodeSentResponse> {
  const { data } = await apiClient.post<CodeSentResponse>('account/close/code');
  return data;
}

export function useSendClosureCode() {
  return useMutation({ mutationFn: sendClosureCode });
}
