import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';

type DeleteMemberInput = { organizationId: string; userId: string };

/** Removes a member; with the caller's own id, leaves the organization. */
export async function deleteMember({ organizationId, userId }: DeleteMemberInput): Promise<void> {
  await apiClient.delete(`organizations/${organizationId}/members/${userId}`);
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    // Leaving needs no re-authentication; removing someone else does, and the guard asks for it.
    mutationFn: (input: DeleteMemberInput) => guard(() => deleteMember(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOrganizationsQueryOptions().queryKey }),
  });
}
