import type { InvitationList } from '@cotacep/shared/organization-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';

/** The pending invitations (neither accepted, revoked nor expired). */
export async function getInvitations(organizationId: string): Promise<InvitationList> {
  const { data } = await apiClient.get<InvitationList>(`organizations/${organizationId}/invitations`);
  return data;
}

export const getInvitationsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...getOrganizationsQueryOptions().queryKey, organizationId, 'invitations'],
    queryFn: () => getInvitations(organizationId),
    // Other people change it (an Admin elsewhere, an invitee accepting): read again whenever a screen opens.
    refetchOnMount: 'always',
  });

export function useInvitations(organizationId: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getInvitationsQueryOptions(organizationId), enabled: isEnabled });
}
