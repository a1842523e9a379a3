import type { AdminCustomerList, AdminCustomerListQuery } from '@cotacep/shared/admin-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { ADMIN_QUERY_KEY } from './admin-query-key.ts';

export async function getCustomers(query: AdminCustomerListQuery): Promise<AdminCustomerList> {
  const { data } = await apiClient.get<AdminCustomerList>('admin/customers', { params: query });
  return data;
}

export const getCustomersQueryOptions = (query: AdminCustomerListQuery = {}) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'customers', 'list', query],
    queryFn: () => getCustomers(query),
  });

/** One page of the search; the previous page stays on screen while the next one loads. */
export function useCustomers(query: AdminCustomerListQuery) {
  return useQuery({ ...getCustomersQueryOptions(query), placeholderData: keepPreviousData });
}
