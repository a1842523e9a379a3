import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTestCheckout } from './get-test-checkout.ts';

/** How often a page waiting for a Pix payment asks again. */
export const PIX_FOLLOW_MS = 3_000;

/**
 * Test mode: a checkout read every few seconds while its Pix code waits (issue 27). A key of its own under
 * the checkout's, so the page acts on an answer (paid: the success page) before the checkout's own query
 * changes what it shows.
 */
export const getCheckoutPixFollowQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkouts', id, 'pix'],
    queryFn: () => getTestCheckout(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'complete' ? false : PIX_FOLLOW_MS),
  });

export function useCheckoutPixFollow(id: string) {
  return useQuery(getCheckoutPixFollowQueryOptions(id));
}
