import type { AuthProvidersResponse } from '@cotacep/shared/auth-responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '../../../lib/api/clients.ts';

export async function getProviders(): Promise<AuthProvidersResponse> {
  const { data } = await authClient.get<AuthProvidersResponse>('providers');
  return data;
}

export const getProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getProviders });

export function useProviders() {
  return useQuery(getProvidersQueryOptions());
}
