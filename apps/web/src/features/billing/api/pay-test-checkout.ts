import type { Redirect, TestCheckoutPayRequest } from '@cotacep/shared/billing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useFollowUrl } from '../lib/use-follow-url.ts';
import { getTestCheckoutQueryOptions } from './get-test-checkout.ts';

/** Pays with a test card (answers the success page) or issues a boleto (answers this checkout's page). */
export async function payTestCheckout(id: string, input: TestCheckoutPayRequest): Promise<Redirect> {
  const { data } = await apiClient.post<Redirect>(
    `billing/test/checkouts/${encodeURIComponent(id)}/pay`,
    input,
  );
  return data;
}

export function usePayTestCheckout(id: string) {
  const queryClient = useQueryClient();
  const follow = useFollowUrl();
  return useMutation({
    mutationFn: (input: TestCheckoutPayRequest) => payTestCheckout(id, input),
    // A card goes on to the success page; a boleto stays, and the page reads the checkout again for its line.
    onSuccess: ({ url }, input) =>
      input.method === 'card'
        ? follow(url)
        : queryClient.invalidateQueries({ queryKey: getTestCheckoutQueryOptions(id).queryKey }),
  });
}
