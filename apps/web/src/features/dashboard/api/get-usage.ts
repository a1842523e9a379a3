import type { Usage } from '@cotacep/shared/usage-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import type { UsageFilter } from '../lib/usage-search.ts';

/** The dashboard refreshes its figures this often while the page is visible. */
export const USAGE_REFETCH_INTERVAL_MS = 30_000;

const params = ({ keyId, projectId }: UsageFilter) => ({
  ...(keyId ? { keyId } : {}),
  ...(projectId ? { projectId } : {}),
});

export async function getUsage(filter: UsageFilter = {}): Promise<Usage> {
  const { data } = await apiClient.get<Usage>('usage', { params: params(filter) });
  return data;
}

// `['usage']` is the prefix of every filtered view (and of the projects' summary), so invalidating it refreshes them all.
export const getUsageQueryOptions = (filter: UsageFilter = {}) =>
  queryOptions({
    queryKey: filter.keyId || filter.projectId ? ['usage', params(filter)] : ['usage'],
    queryFn: () => getUsage(filter),
  });

/**
 * Live figures on the dashboard only: read on every mount and focus and every 30 s while visible, past the
 * spec's 10-minute freshness that stays the default elsewhere (issue 13).
 */
export function useUsage(filter: UsageFilter = {}) {
  return useQuery({
    ...getUsageQueryOptions(filter),
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: USAGE_REFETCH_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}
