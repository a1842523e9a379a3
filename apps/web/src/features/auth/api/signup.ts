import type { SignupResponse } from '@cotacep/shared/auth-responses';
import type { SignupRequest } from '@cotacep/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';

export async function signup(input: SignupRequest): Promise<SignupResponse> {
  const { data } = await authClient.post<SignupResponse>('signup', input);
  return data;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
