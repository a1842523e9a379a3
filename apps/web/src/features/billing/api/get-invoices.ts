import type { Invoice } from '@cotacep/shared/billing-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function getInvoices(): Promise<Invoice[]> {
  const { data } = await apiClient.get<{ items: Invoice[] }>('billing/invoices');
  return data.items;
}

// Read again whenever the list opens, like the summary: every payment adds to it.
export const getInvoicesQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'invoices'], queryFn: getInvoices, refetchOnMount: 'always' });

export function useInvoices() {
  return useQuery(getInvoicesQueryOptions());
}
