import type { Redirect } from '@cotacep/shared/billing-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useFollowUrl } from '../lib/use-follow-url.ts';

/** Manage subscription: Stripe's portal, or test mode's manage page. */
export async function openBillingPortal(): Promise<Redirect> {
  const { data } = await apiClient.post<Redirect>('billing/portal');
  return data;
}

export function useOpenBillingPortal() {
  const follow = useFollowUrl();
  return useMutation({ mutationFn: openBillingPortal, onSuccess: ({ url }) => follow(url) });
}
