import type { BillingDetails } from '@cotacep/shared/billing-details-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** The organization's billing details (issue 27), or null until someone saves them. */
export async function getBillingDetails(): Promise<BillingDetails | null> {
  const { data } = await apiClient.get<BillingDetails | null>('billing/details');
  return data;
}

// Read again by every screen that opens: another member may have changed them, and a checkout or the form
// must not act on a copy from the persisted cache.
export const getBillingDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'details'], queryFn: getBillingDetails, refetchOnMount: 'always' });

/** `isRead`: answered since the screen opened (what the cache held before may be out of date). */
export function useBillingDetails({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  const query = useQuery({ ...getBillingDetailsQueryOptions(), enabled: isEnabled });
  return { ...query, isRead: query.isSuccess && query.isFetchedAfterMount };
}
