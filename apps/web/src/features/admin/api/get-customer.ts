import type { AdminCustomer } from '@cotacep/shared/admin-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { ADMIN_QUERY_KEY } from './admin-query-key.ts';

export async function getCustomer(organizationId: string): Promise<AdminCustomer> {
  const { data } = await apiClient.get<AdminCustomer>(`admin/customers/${organizationId}`);
  return data;
}

// Under `['admin', 'customers', id]`: an action on the customer refreshes its page, usage and trail at once.
export const getCustomerQueryKey = (organizationId: string) =>
  [...ADMIN_QUERY_KEY, 'customers', organizationId] as const;

export const getCustomerQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: getCustomerQueryKey(organizationId),
    queryFn: () => getCustomer(organizationId),
    // Customers and other staff change it: read again whenever the page opens.
    refetchOnMount: 'always',
  });

export function useCustomer(organizationId: string) {
  return useQuery(getCustomerQueryOptions(organizationId));
}
