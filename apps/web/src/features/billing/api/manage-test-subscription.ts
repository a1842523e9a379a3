import type { BillingSummary, TestManageRequest } from '@cotacep/shared/billing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getBillingSummaryQueryOptions } from './get-billing-summary.ts';
import { getInvoicesQueryOptions } from './get-invoices.ts';

/** Test mode's manage page: change plan or cycle, cancel, resume, pay an open invoice. */
export async function manageTestSubscription(input: TestManageRequest): Promise<BillingSummary> {
  const { data } = await apiClient.post<BillingSummary>('billing/test/manage', input);
  return data;
}

type Options = {
  /** Runs even when the new summary unmounts the caller (a paid invoice replaces its form). */
  onSuccess?: (summary: BillingSummary, input: TestManageRequest) => void;
};

export function useManageTestSubscription({ onSuccess }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manageTestSubscription,
    onSuccess: async (summary, input) => {
      onSuccess?.(summary, input);
      queryClient.setQueryData(getBillingSummaryQueryOptions().queryKey, summary);
      await queryClient.invalidateQueries({ queryKey: getInvoicesQueryOptions().queryKey });
    },
  });
}
