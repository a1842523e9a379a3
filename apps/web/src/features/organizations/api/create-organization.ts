import type { Organization, OrganizationRequest } from '@cotacep/shared/organization-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { getOrganizationsQueryOptions } from '#web/lib/organization/get-organizations.ts';

/** A new organization on the Free plan, the caller its Owner. */
export async function createOrganization(input: OrganizationRequest): Promise<Organization> {
  const { data } = await apiClient.post<Organization>('organizations', input);
  return data;
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOrganizationsQueryOptions().queryKey }),
  });
}
