import type { invitationAcceptedSchema } from '@cotacep/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';

type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** Joins the organization the link invites to, with the signed-in account (it must be the invited address). */
export async function acceptInvitation(token: string): Promise<InvitationAccepted> {
  const { data } = await apiClient.post<InvitationAccepted>('invitations/accept', { token });
  return data;
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.refetchQueries({ queryKey: getOrganizationsQueryOptions().queryKey }),
  });
}
