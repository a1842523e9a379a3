import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '#web/lib/api/clients.ts';
import { CHECKOUT_SUCCESS_PATH } from '../lib/paths.ts';
import { getBillingSummaryQueryOptions } from './get-billing-summary.ts';
import { getTestCheckoutQueryOptions } from './get-test-checkout.ts';

export type BoletoOutcome = 'paid' | 'expired';

/** Test mode plays the bank: the waiting boleto is paid or expires. */
export async function simulateBoleto(id: string, outcome: BoletoOutcome): Promise<TestCheckout> {
  const { data } = await apiClient.post<TestCheckout>(
    `billing/test/checkouts/${encodeURIComponent(id)}/boleto`,
    { outcome },
  );
  return data;
}

export function useSimulateBoleto(id: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (outcome: BoletoOutcome) => simulateBoleto(id, outcome),
    // Paid: the purchase is over, as after a card payment. Expired: the page says so.
    onSuccess: async (checkout) => {
      await queryClient.invalidateQueries({ queryKey: getBillingSummaryQueryOptions().queryKey });
      if (checkout.status === 'complete') navigate(CHECKOUT_SUCCESS_PATH);
      else queryClient.setQueryData(getTestCheckoutQueryOptions(id).queryKey, checkout);
    },
  });
}
