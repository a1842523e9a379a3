import type { Usage } from '@cotacep/shared/usage-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';

/** The current period's use per project and per key, with the plan's quota. */
export type UsageSummary = Pick<Usage, 'plan' | 'period' | 'byKey' | 'byProject'>;

export async function getUsageSummary(): Promise<UsageSummary> {
  const { data } = await apiClient.get<Usage>('usage');
  return { plan: data.plan, period: data.period, byKey: data.byKey, byProject: data.byProject };
}

// Under `['usage']`, so whatever refreshes the account's usage refreshes this summary too.
export const getUsageSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['usage', 'summary'], queryFn: getUsageSummary });

export function useUsageSummary() {
  return useQuery(getUsageSummaryQueryOptions());
}
