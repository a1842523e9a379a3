import type { CodeSentResponse, MessageResponse } from '@cotacep/shared/auth-responses';
import type { ForgetPasswordRequest, ResetPasswordRequest } from '@cotacep/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';

export async function requestPasswordReset(input: ForgetPasswordRequest): Promise<CodeSentResponse> {
  const { data } = await authClient.post<CodeSentResponse>('forget-password', input);
  return data;
}

export async function resetPassword(input: ResetPasswordRequest): Promise<MessageResponse> {
  const { data } = await authClient.post<MessageResponse>('reset-password', input);
  return data;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
