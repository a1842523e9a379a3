import type { StaffActivityQuery } from '@cotacep/shared/admin-schemas';
import type { ActivityPage } from '@cotacep/shared/audit-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { ADMIN_QUERY_KEY } from './admin-query-key.ts';

export type StaffActivityFilter = Omit<StaffActivityQuery, 'cursor'>;

/** Every staff action across customers, newest first, paged on the server by cursor. */
export async function getStaffActivity(query: StaffActivityQuery): Promise<ActivityPage> {
  const { data } = await apiClient.get<ActivityPage>('admin/staff-activity', { params: query });
  return data;
}

export const getStaffActivityQueryOptions = (filter: StaffActivityFilter = {}) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'staff-activity', filter],
    queryFn: ({ pageParam }) => getStaffActivity({ ...filter, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });

export function useStaffActivity(filter: StaffActivityFilter = {}) {
  return useInfiniteQuery(getStaffActivityQueryOptions(filter));
}
