import type { Redirect } from '@cotacep/shared/billing-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useFollowUrl } from '../lib/use-follow-url.ts';
import { getBillingSummaryQueryOptions } from './get-billing-summary.ts';

/** Cancel on the test checkout page: the answer goes back to pricing. */
export async function cancelTestCheckout(id: string): Promise<Redirect> {
  const { data } = await apiClient.post<Redirect>(`billing/test/checkouts/${encodeURIComponent(id)}/cancel`);
  return data;
}

export function useCancelTestCheckout(id: string) {
  const queryClient = useQueryClient();
  const follow = useFollowUrl();
  return useMutation({
    mutationFn: () => cancelTestCheckout(id),
    onSuccess: async ({ url }) => {
      await queryClient.invalidateQueries({ queryKey: getBillingSummaryQueryOptions().queryKey });
      follow(url);
    },
  });
}
