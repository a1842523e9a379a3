import type { OrganizationList } from '@cotacep/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/clients.ts';

/**
 * The user's organizations, each with their role and what it allows (issue 24). Read by every feature that
 * disables what a role cannot do, so it lives here rather than in the organizations feature.
 */
export async function getOrganizations(): Promise<OrganizationList> {
  const { data } = await apiClient.get<OrganizationList>('organizations');
  return data;
}

// Fresher than the app's 10 minutes: a role lowered by an Admin shows as disabled buttons soon after.
export const getOrganizationsQueryOptions = () =>
  queryOptions({ queryKey: ['organizations'], queryFn: getOrganizations, staleTime: 30_000 });

export function useOrganizations({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getOrganizationsQueryOptions(), enabled: isEnabled });
}
