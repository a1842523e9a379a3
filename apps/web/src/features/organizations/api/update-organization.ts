import type { Organization, UpdateOrganizationRequest } from '@cotacep/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';

type UpdateOrganizationInput = { id: string; changes: UpdateOrganizationRequest };

/** Renames the organization, or requires two-factor of its members (Owners only). */
export async function updateOrganization({ id, changes }: UpdateOrganizationInput): Promise<Organization> {
  const { data } = await apiClient.patch<Organization>(`organizations/${id}`, changes);
  return data;
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  const guard = useReauthGuard();
  return useMutation({
    // The two-step rule needs a recent re-authentication; a new name does not (and is never refused for it).
    mutationFn: (input: UpdateOrganizationInput) => guard(() => updateOrganization(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOrganizationsQueryOptions().queryKey }),
  });
}
