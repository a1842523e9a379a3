import type { LoginResponse } from '@cotacep/shared/auth-responses';
import type { LoginRequest } from '@cotacep/shared/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';

export async function login(input: LoginRequest): Promise<LoginResponse> {
  const { data } = await authClient.post<LoginResponse>('login', input);
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
