import type { AdminOverview } from '@cotacep/shared/admin-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { ADMIN_QUERY_KEY } from './admin-query-key.ts';

/** The overview refreshes this often while it is open. */
export const OVERVIEW_REFETCH_MS = 60_000;

export async function getOverview(): Promise<AdminOverview> {
  const { data } = await apiClient.get<AdminOverview>('admin/overview');
  return data;
}

export const getOverviewQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'overview'], queryFn: getOverview });

export function useOverview() {
  return useQuery({
    ...getOverviewQueryOptions(),
    refetchOnMount: 'always',
    refetchInterval: OVERVIEW_REFETCH_MS,
    refetchIntervalInBackground: false,
  });
}
