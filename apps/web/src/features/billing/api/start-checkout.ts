import type { CheckoutRequest, Redirect } from '@cotacep/shared/billing-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useFollowUrl } from '../lib/use-follow-url.ts';

/** Buy Now / Choose Plan: the answer is the checkout page, or the manage page for a subscriber. */
export async function startCheckout(input: CheckoutRequest): Promise<Redirect> {
  const { data } = await apiClient.post<Redirect>('billing/checkout', input);
  return data;
}

export function useStartCheckout() {
  const follow = useFollowUrl();
  return useMutation({ mutationFn: startCheckout, onSuccess: ({ url }) => follow(url) });
}
