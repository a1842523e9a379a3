import type { Member, UpdateMemberRequest } from '@cotacep/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';

type UpdateMemberInput = { organizationId: string; userId: string; changes: UpdateMemberRequest };

/** Gives a member another role. */
export async function updateMember({ organizationId, userId, changes }: UpdateMemberInput): Promise<Member> {
  const { data } = await apiClient.patch<Member>(
    `organizations/${organizationId}/members/${userId}`,
    changes,
  );
  return data;
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    mutationFn: (input: UpdateMemberInput) => guard(() => updateMember(input)),
    // The caller's own role may be the one that changed: the list carries it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOrganizationsQueryOptions().queryKey }),
  });
}
