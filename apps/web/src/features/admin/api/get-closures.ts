import type { ClosureList } from '@cotacep/shared/admin-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { ADMIN_QUERY_KEY } from './admin-query-key.ts';

/** Pending account closures, the soonest to be anonymised first. */
export async function getClosures(page: number): Promise<ClosureList> {
  const { data } = await apiClient.get<ClosureList>('admin/closures', { params: { page } });
  return data;
}

export const getClosuresQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'closures', page],
    queryFn: () => getClosures(page),
    refetchOnMount: 'always',
  });

export function useClosures(page: number) {
  return useQuery({ ...getClosuresQueryOptions(page), placeholderData: keepPreviousData });
}
