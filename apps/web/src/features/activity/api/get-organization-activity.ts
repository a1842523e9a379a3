import type { ActivityPage } from '@cotacep/shared/audit-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import type { ActivityFilterQuery } from '../lib/activity-filters.ts';

/** One page of the organization's events, newest first (Owners and Admins: `activity.read`). */
export async function getOrganizationActivity(
  organizationId: string,
  query: ActivityFilterQuery,
  cursor?: string,
): Promise<ActivityPage> {
  const { data } = await apiClient.get<ActivityPage>(
    `organizations/${encodeURIComponent(organizationId)}/activity`,
    { params: { ...query, ...(cursor ? { cursor } : {}) } },
  );
  return data;
}

export const getOrganizationActivityQueryOptions = (organizationId: string, query: ActivityFilterQuery) =>
  infiniteQueryOptions({
    queryKey: ['activity', { organizationId }, query],
    queryFn: ({ pageParam }) => getOrganizationActivity(organizationId, query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Every change anywhere adds to it: read again whenever the tab opens.
    refetchOnMount: 'always',
  });

export function useOrganizationActivity(
  organizationId: string,
  query: ActivityFilterQuery,
  { isEnabled = true }: { isEnabled?: boolean } = {},
) {
  return useInfiniteQuery({
    ...getOrganizationActivityQueryOptions(organizationId, query),
    enabled: isEnabled,
  });
}
