import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** Test mode's checkout session: what is bought, how it may be paid, and a waiting boleto. */
export async function getTestCheckout(id: string): Promise<TestCheckout> {
  const { data } = await apiClient.get<TestCheckout>(`billing/test/checkouts/${encodeURIComponent(id)}`);
  return data;
}

// Always read fresh: a checkout changes state under the page (a boleto paid or expired elsewhere).
export const getTestCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkouts', id],
    queryFn: () => getTestCheckout(id),
    staleTime: 0,
  });

export function useTestCheckout(id: string) {
  return useQuery(getTestCheckoutQueryOptions(id));
}
