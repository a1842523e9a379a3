import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { useReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';

/** Deletes the organization with its projects and tokens (Owner only; refused while a subscription runs). */
export async function deleteOrganization(id: string): Promise<void> {
  await apiClient.delete(`organizations/${id}`);
}

/** The caller decides what comes next (back to the default organization), so nothing is invalidated here. */
export function useDeleteOrganization() {
  const guard = useReauthGuard();
  return useMutation({ mutationFn: (id: string) => guard(() => deleteOrganization(id)) });
}
