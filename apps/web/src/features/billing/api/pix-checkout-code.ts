import type { PixCharge } from '@cotacep/shared/pix-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getTestCheckoutQueryOptions } from './get-test-checkout.ts';

/** Test mode: the checkout's Pix code (issue 27), the pending one or a new one; the checkout then waits for it. */
export async function createCheckoutPixCode(id: string): Promise<PixCharge> {
  const { data } = await apiClient.post<PixCharge>(`billing/test/checkouts/${encodeURIComponent(id)}/pix`);
  return data;
}

export function useCreateCheckoutPixCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createCheckoutPixCode(id),
    // The checkout now waits for the code: its page shows it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTestCheckoutQueryOptions(id).queryKey }),
  });
}
