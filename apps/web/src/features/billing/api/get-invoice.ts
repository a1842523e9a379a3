import type { Invoice } from '@cotacep/shared/billing-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

export async function getInvoice(id: string): Promise<Invoice> {
  const { data } = await apiClient.get<Invoice>(`billing/invoices/${encodeURIComponent(id)}`);
  return data;
}

export const getInvoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['billing', 'invoices', id], queryFn: () => getInvoice(id) });

export function useInvoice(id: string) {
  return useQuery(getInvoiceQueryOptions(id));
}
