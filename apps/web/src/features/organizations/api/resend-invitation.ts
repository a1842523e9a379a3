import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getInvitationsQueryOptions } from './get-invitations.ts';

type ResendInvitationInput = { organizationId: string; invitationId: string };

/** A new link (the old one stops working), valid for another seven days. */
export async function resendInvitation({ organizationId, invitationId }: ResendInvitationInput) {
  await apiClient.post(`organizations/${organizationId}/invitations/${invitationId}/resend`);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (_answer, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: getInvitationsQueryOptions(organizationId).queryKey }),
  });
}
