import type { ClosureOptions } from '@cotacep/shared/privacy-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function getClosureOptions(): Promise<ClosureOptions> {
  const { data } = await apiClient.get<ClosureOptions>('account/close');
  return data;
}

export const getClosureOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['privacy', 'closure'], queryFn: getClosureOptions, staleTime: 0 });

export function useClosureOptions() {
  return useQuery(getClosureOptionsQueryOptions());
}
