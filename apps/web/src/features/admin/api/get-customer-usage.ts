import type { Usage } from '@cotacep/shared/usage-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getCustomerQueryKey } from './get-customer.ts';

/** The customer's usage exactly as their own dashboard reads it (`GET /usage`), so the same chart draws it. */
export async function getCustomerUsage(organizationId: string): Promise<Usage> {
  const { data } = await apiClient.get<Usage>(`admin/customers/${organizationId}/usage`);
  return data;
}

export const getCustomerUsageQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...getCustomerQueryKey(organizationId), 'usage'],
    queryFn: () => getCustomerUsage(organizationId),
    refetchOnMount: 'always',
  });

export function useCustomerUsage(organizationId: string) {
  return useQuery(getCustomerUsageQueryOptions(organizationId));
}
