import type { CodeSentResponse, MessageResponse } from '@cotacep/shared/auth-responses';
import type { SignupConfirmRequest, SignupResendRequest } from '@cotacep/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';

export async function confirmSignup(input: SignupConfirmRequest): Promise<MessageResponse> {
  const { data } = await authClient.post<MessageResponse>('signup/confirm', input);
  return data;
}

export async function resendSignupCode(input: SignupResendRequest): Promise<CodeSentResponse> {
  const { data } = await authClient.post<CodeSentResponse>('signup/resend', input);
  return data;
}

export function useConfirmSignup() {
  return useMutation({ mutationFn: confirmSignup });
}

export function useResendSignupCode() {
  return useMutation({ mutationFn: resendSignupCode });
}
