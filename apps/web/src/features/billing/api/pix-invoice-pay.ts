import type { Invoice } from '@cotacep/shared/billing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getInvoicePixCodeQueryOptions } from './pix-invoice-code.ts';

/** Test mode plays the bank: it pays an open invoice's Pix code (issue 27). */
export async function payInvoicePixCode(id: string): Promise<Invoice> {
  const { data } = await apiClient.post<Invoice>(`billing/test/invoices/${encodeURIComponent(id)}/pix/pay`);
  return data;
}

export function usePayInvoicePixCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => payInvoicePixCode(id),
    // The code reads paid now: the page that follows it moves on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getInvoicePixCodeQueryOptions(id).queryKey }),
  });
}
