import type { BillingSummary } from '@cotacep/shared/billing-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** The Billing tab's summary (spec §2): plan, subscription, next payment, an open checkout. */
export async function getBillingSummary(): Promise<BillingSummary> {
  const { data } = await apiClient.get<BillingSummary>('billing');
  return data;
}

// Shown from the cache at once but read again by every screen that opens: a payment elsewhere (another
// tab, Stripe, a reload before the persisted cache caught up) changes it, and the server sends it no-store.
export const getBillingSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['billing'], queryFn: getBillingSummary, refetchOnMount: 'always' });

export function useBillingSummary({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getBillingSummaryQueryOptions(), enabled: isEnabled });
}
