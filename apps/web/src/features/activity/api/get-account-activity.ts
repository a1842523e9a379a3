import type { ActivityPage } from '@cotacep/shared/audit-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import type { ActivityFilterQuery } from '../lib/activity-filters.ts';

/** One page of the caller's own sign-ins, factor and account changes, newest first. */
export async function getAccountActivity(query: ActivityFilterQuery, cursor?: string): Promise<ActivityPage> {
  const { data } = await apiClient.get<ActivityPage>('account/activity', {
    params: { ...query, ...(cursor ? { cursor } : {}) },
  });
  return data;
}

export const getAccountActivityQueryOptions = (query: ActivityFilterQuery) =>
  infiniteQueryOptions({
    queryKey: ['activity', 'account', query],
    queryFn: ({ pageParam }) => getAccountActivity(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });

export function useAccountActivity(query: ActivityFilterQuery, { isEnabled = true } = {}) {
  return useInfiniteQuery({ ...getAccountActivityQueryOptions(query), enabled: isEnabled });
}
