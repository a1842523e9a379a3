import type { Usage } from '@cotacep/shared/usage-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api/clients.ts';

export async function getUsage(): Promise<Usage> {
  const { data } = await apiClient.get<Usage>('usage');
  return data;
}

export const getUsageQueryOptions = () => queryOptions({ queryKey: ['usage'], queryFn: getUsage });

export function useUsage() {
  return useQuery(getUsageQueryOptions());
}
