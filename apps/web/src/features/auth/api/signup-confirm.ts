import type { CodeSentResponse, SignupConfirmResponse } from '@cotacep/shared/auth-responses';
import type { SignupConfirmRequest, SignupResendRequest } from '@cotacep/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';

/** In the browser that signed up, the answer signs in (tokens or the MFA challenge); elsewhere only the message. */
export async function confirmSignup(input: SignupConfirmRequest): Promise<SignupConfirmResponse> {
  const { data } = await authClient.post<SignupConfirmResponse>('signup/confirm', input);
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
