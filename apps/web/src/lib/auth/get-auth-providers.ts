import type { AuthProvidersResponse } from '@cotacep/shared/auth-responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '../api/clients.ts';

/** Which social sign-in buttons and which bot-protection widget the server has configured. */
export async function getAuthProviders(): Promise<AuthProvidersResponse> {
  const { data } = await authClient.get<AuthProvidersResponse>('providers');
  return data;
}

export const getAuthProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders });

export function useAuthProviders() {
  return useQuery(getAuthProvidersQueryOptions());
}
