import type { Invitation, InvitationRequest } from '@cotacep/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';

type CreateInvitationInput = { organizationId: string; invitation: InvitationRequest };

/** Invites an address with a role; the server e-mails the link. */
export async function createInvitation({ organizationId, invitation }: CreateInvitationInput) {
  const { data } = await apiClient.post<Invitation>(
    `organizations/${organizationId}/invitations`,
    invitation,
  );
  return data;
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    // The pending list and the seats used.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOrganizationsQueryOptions().queryKey }),
  });
}
