import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api/clients.ts';

type RedirectResponse = { url: string };

/** Manage subscription: the billing module answers where to send the browser. */
export async function openBillingPortal(): Promise<RedirectResponse> {
  const { data } = await apiClient.post<RedirectResponse>('billing/portal');
  return data;
}

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
