import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getBillingSummaryQueryOptions } from './get-billing-summary.ts';
import { getInvoiceQueryOptions } from './get-invoice.ts';
import { getInvoicesQueryOptions } from './get-invoices.ts';
import type { BoletoOutcome } from './simulate-boleto.ts';

/** Test mode plays the bank for a renewal's or an upgrade's boleto: paid, or expired (a renewal's makes the subscription past due; an upgrade's lapses). */
export async function simulateInvoiceBoleto(id: string, outcome: BoletoOutcome): Promise<BillingSummary> {
  const { data } = await apiClient.post<BillingSummary>(
    `billing/test/invoices/${encodeURIComponent(id)}/boleto`,
    { outcome },
  );
  return data;
}

export function useSimulateInvoiceBoleto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: BoletoOutcome) => simulateInvoiceBoleto(id, outcome),
    onSuccess: async (summary) => {
      queryClient.setQueryData(getBillingSummaryQueryOptions().queryKey, summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getInvoiceQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: getInvoicesQueryOptions().queryKey }),
      ]);
    },
  });
}
