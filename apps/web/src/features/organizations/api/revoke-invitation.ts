import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';

type RevokeInvitationInput = { organizationId: string; invitationId: string };

/** The link stops working and the seat is free again. */
export async function revokeInvitation({ organizationId, invitationId }: RevokeInvitationInput) {
  await apiClient.delete(`organizations/${organizationId}/invitations/${invitationId}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOrganizationsQueryOptions().queryKey }),
  });
}
