import type { CheckoutRequest, Redirect } from '@cotacep/shared/billing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { apiClient } from '#web/lib/api/clients.ts';
import { useFollowUrl } from '../lib/use-follow-url.ts';
import { getBillingSummaryQueryOptions } from './get-billing-summary.ts';

/** Buy Now / Choose Plan: the answer is the checkout page, or the manage page for a subscriber. */
export async function startCheckout(input: CheckoutRequest): Promise<Redirect> {
  const { data } = await apiClient.post<Redirect>('billing/checkout', input);
  return data;
}

export function useStartCheckout() {
  const follow = useFollowUrl();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => follow(url),
    // A checkout opened meanwhile (another tab): read it, so the page offers the way back to it.
    onError: (error) => {
      if (getErrorCode(error) !== 'CheckoutInProgress') return;
      void queryClient.invalidateQueries({ queryKey: getBillingSummaryQueryOptions().queryKey });
    },
  });
}
