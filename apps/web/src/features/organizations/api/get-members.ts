import type { MemberList } from '@cotacep/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';

export async function getMembers(organizationId: string): Promise<MemberList> {
  const { data } = await apiClient.get<MemberList>(`organizations/${organizationId}/members`);
  return data;
}

// Under the organizations' key: refreshing the list (seats used) refreshes the members too.
export const getMembersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...getOrganizationsQueryOptions().queryKey, organizationId, 'members'],
    queryFn: () => getMembers(organizationId),
    // Other people change it (an Admin elsewhere, an invitee accepting): read again whenever a screen opens.
    refetchOnMount: 'always',
  });

export function useMembers(organizationId: string) {
  return useQuery(getMembersQueryOptions(organizationId));
}
