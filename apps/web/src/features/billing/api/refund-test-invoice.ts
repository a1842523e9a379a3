import type { Invoice } from '@cotacep/shared/billing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getBillingSummaryQueryOptions } from './get-billing-summary.ts';
import { getInvoiceQueryOptions } from './get-invoice.ts';
import { getInvoicesQueryOptions } from './get-invoices.ts';

/** Test mode plays the bank reversing a paid invoice (issue 27): it answers the invoice, void, its nota cancelling. */
export async function refundTestInvoice(id: string): Promise<Invoice> {
  const { data } = await apiClient.post<Invoice>(`billing/test/invoices/${encodeURIComponent(id)}/refund`);
  return data;
}

export function useRefundTestInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refundTestInvoice(id),
    onSuccess: async (invoice) => {
      queryClient.setQueryData(getInvoiceQueryOptions(id).queryKey, invoice);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getInvoicesQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getBillingSummaryQueryOptions().queryKey, exact: true }),
      ]);
    },
  });
}
