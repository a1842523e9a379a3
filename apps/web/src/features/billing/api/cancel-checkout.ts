import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getBillingSummaryQueryOptions } from './get-billing-summary.ts';

/** Abandons the open checkout (a 409 CheckoutInProgress), so a new one may start. */
export async function cancelCheckout(): Promise<void> {
  await apiClient.post('billing/checkout/cancel');
}

export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCheckout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getBillingSummaryQueryOptions().queryKey }),
  });
}
