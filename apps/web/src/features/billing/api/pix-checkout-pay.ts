import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** Test mode plays the bank: it pays the checkout's Pix code (issue 27). */
export async function payCheckoutPixCode(id: string): Promise<TestCheckout> {
  const { data } = await apiClient.post<TestCheckout>(
    `billing/test/checkouts/${encodeURIComponent(id)}/pix/pay`,
  );
  return data;
}

/** What follows (the success page) is the page's: it follows the checkout whoever paid it. */
export function usePayCheckoutPixCode(id: string, onAnswer: (checkout: TestCheckout) => void) {
  return useMutation({ mutationFn: () => payCheckoutPixCode(id), onSuccess: onAnswer });
}
