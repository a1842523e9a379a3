import type { PixCharge } from '@cotacep/shared/pix-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { PIX_FOLLOW_MS } from './pix-checkout-follow.ts';

/** Test mode: an open invoice's newest Pix code (issue 27), or null before one was asked for. */
export async function getInvoicePixCode(id: string): Promise<PixCharge | null> {
  const { data, status } = await apiClient.get<PixCharge>(
    `billing/test/invoices/${encodeURIComponent(id)}/pix`,
    {
      validateStatus: (code) => code === 200 || code === 404,
    },
  );
  return status === 404 ? null : data;
}

// Read every few seconds while the code waits: the page moves on when the bank pays it.
export const getInvoicePixCodeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['billing', 'invoices', id, 'pix'],
    queryFn: () => getInvoicePixCode(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PIX_FOLLOW_MS : false),
  });

export function useInvoicePixCode(id: string) {
  return useQuery(getInvoicePixCodeQueryOptions(id));
}
