import type { AdminActivityQuery } from '@cotacep/shared/admin-schemas';
import type { ActivityPage } from '@cotacep/shared/audit-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getCustomerQueryKey } from './get-customer.ts';

type CustomerActivityFilter = Omit<AdminActivityQuery, 'cursor'>;

/** A customer's trail, staff named; paged on the server by cursor, newest first. */
export async function getCustomerActivity(
  organizationId: string,
  query: AdminActivityQuery,
): Promise<ActivityPage> {
  const { data } = await apiClient.get<ActivityPage>(`admin/customers/${organizationId}/activity`, {
    params: query,
  });
  return data;
}

export const getCustomerActivityQueryOptions = (
  organizationId: string,
  filter: CustomerActivityFilter = {},
) =>
  infiniteQueryOptions({
    queryKey: [...getCustomerQueryKey(organizationId), 'activity', filter],
    queryFn: ({ pageParam }) =>
      getCustomerActivity(organizationId, { ...filter, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });

export function useCustomerActivity(organizationId: string, filter: CustomerActivityFilter = {}) {
  return useInfiniteQuery(getCustomerActivityQueryOptions(organizationId, filter));
}
