import type { AdminCustomerNfseList } from '@cotacep/shared/admin-nfse-schemas';
import type { StaffNfse } from '@cotacep/shared/nfse-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getCustomerQueryKey } from './get-customer.ts';

/** How soon a nota counts as "being tried now" (a retry just asked for), so the section follows it. */
const DUE_SOON_MS = 10_000;
const POLL_MS = 4_000;

export async function getCustomerNfse(organizationId: string): Promise<AdminCustomerNfseList> {
  const { data } = await apiClient.get<AdminCustomerNfseList>(`admin/customers/${organizationId}/nfse`);
  return data;
}

/** A nota the worker is about to try (after a retry, say): it changes within seconds. */
const isDueNow = (nota: StaffNfse, now: number) =>
  (nota.status === 'pending' || nota.status === 'cancelling') &&
  nota.nextAttemptAt !== null &&
  Date.parse(nota.nextAttemptAt) <= now + DUE_SOON_MS;

// Under the customer's key: an action on the customer (a retry) reads it again with the rest of the page.
export const getCustomerNfseQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...getCustomerQueryKey(organizationId), 'nfse'],
    queryFn: () => getCustomerNfse(organizationId),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.items.some((nota) => isDueNow(nota, Date.now())) ? POLL_MS : false,
  });

export function useCustomerNfse(organizationId: string) {
  return useQuery(getCustomerNfseQueryOptions(organizationId));
}
